import * as Dialog from '@radix-ui/react-dialog'
import styled from 'styled-components'

import { CardGrid } from '@/components/ui/card-grid'
import { Container } from '@/components/ui/container'
import { Section, SectionHeader } from '@/components/ui/section'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import type { TeamMember } from '@/content/team'
import { t } from '@/i18n/about'
import { theme } from '@/config/theme'

interface TeamSectionProps {
  members: readonly TeamMember[]
  /** URL of a member's photo. */
  imageUrl: (member: TeamMember) => string
}

/**
 * "Meet Our Team" (SPEC §2 "About"): one card per member; choosing a card opens a dialog with the
 * full bio. The dialog (Radix) is modal: it traps focus, closes on Escape or its Close button, and
 * gives focus back to the card's button.
 */
export function TeamSection({ members, imageUrl }: TeamSectionProps) {
  return (
    <Section aria-labelledby="team-heading">
      <SectionHeader>
        <h2 id="team-heading">{t('about.team.h')}</h2>
        <p>{t('about.team.p')}</p>
      </SectionHeader>
      <Container>
        <CardGrid $tablet={2} $desktop={4}>
          {members.map((member) => (
            <li key={member.id}>
              <TeamCard member={member} image={imageUrl(member)} />
            </li>
          ))}
        </CardGrid>
      </Container>
    </Section>
  )
}

function TeamCard({ member, image }: { member: TeamMember; image: string }) {
  return (
    <Dialog.Root>
      <Card>
        <Photo src={image} alt="" width={480} height={480} loading="lazy" decoding="async" />
        <CardBody>
          <Name>{member.name}</Name>
          <Role>{member.title}</Role>
          <Summary>{member.summary}</Summary>
          <Dialog.Trigger asChild>
            <BioButton type="button">
              {t('about.team.bio')}
              <VisuallyHidden>{t('about.team.bioOf', { name: member.name })}</VisuallyHidden>
            </BioButton>
          </Dialog.Trigger>
        </CardBody>
      </Card>
      <Dialog.Portal>
        <Overlay />
        <Content>
          <DialogHeader>
            <DialogPhoto src={image} alt="" width={160} height={160} decoding="async" />
            <div>
              <Dialog.Title asChild>
                <DialogName>{member.name}</DialogName>
              </Dialog.Title>
              <Dialog.Description asChild>
                <Role>{member.title}</Role>
              </Dialog.Description>
            </div>
          </DialogHeader>
          <Bio>
            {member.bio.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </Bio>
          <Dialog.Close asChild>
            <CloseButton type="button">{t('about.team.close')}</CloseButton>
          </Dialog.Close>
          <Dialog.Close asChild>
            <CornerClose type="button" aria-label={t('about.team.close')}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              </svg>
            </CornerClose>
          </Dialog.Close>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

const Card = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.card};
  transition: box-shadow 150ms ease;

  &:hover {
    box-shadow: 0 4px 18px rgba(16, 40, 48, 0.16);
  }
`

const Photo = styled.img`
  width: 100%;
  aspect-ratio: 1;
  object-fit: cover;
  background: ${theme.colors.primarySoft};
`

const CardBody = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  align-items: flex-start;
  padding: ${theme.space[5]};
`

const Summary = styled.p`
  color: ${theme.colors.textMuted};
`

const Name = styled.h3`
  margin-bottom: ${theme.space[1]};
`

const Role = styled.p`
  margin-bottom: ${theme.space[3]};
  font-weight: ${theme.fontWeights.semibold};
  color: ${theme.colors.primary};
`

/** The whole card is the button's click target (its ::after covers the card); the button stays the one tab stop. */
const BioButton = styled.button`
  margin-top: auto;
  min-height: 44px;
  padding: ${theme.space[2]} 0;
  border: 0;
  background: none;
  color: ${theme.colors.primary};
  font-weight: ${theme.fontWeights.bold};
  text-decoration: underline;
  text-underline-offset: 0.15em;
  cursor: pointer;

  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }

  &:hover {
    color: ${theme.colors.primaryHover};
  }
`

const Overlay = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndices.dialog};
  background: rgba(10, 25, 31, 0.6);
`

const Content = styled(Dialog.Content)`
  position: fixed;
  top: 50%;
  left: 50%;
  z-index: ${theme.zIndices.dialog};
  width: min(40rem, calc(100vw - 2rem));
  max-height: calc(100dvh - 2rem);
  overflow-y: auto;
  padding: ${theme.space[6]};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: 0 12px 40px rgba(10, 25, 31, 0.3);
  transform: translate(-50%, -50%);

  &:focus {
    outline: none;
  }
`

const DialogHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[5]};
  margin-bottom: ${theme.space[5]};
  padding-right: ${theme.space[7]};

  ${Role} {
    margin: 0;
  }
`

const DialogPhoto = styled.img`
  width: 7rem;
  height: 7rem;
  border-radius: 50%;
  object-fit: cover;
  background: ${theme.colors.primarySoft};
`

const DialogName = styled.h2`
  margin-bottom: ${theme.space[1]};
  font-size: ${theme.fontSizes['2xl']};
`

const Bio = styled.div`
  p:last-child {
    margin-bottom: ${theme.space[6]};
  }
`

const CloseButton = styled.button`
  min-height: 48px;
  padding: ${theme.space[3]} ${theme.space[6]};
  border: 2px solid ${theme.colors.primary};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
  font-weight: ${theme.fontWeights.semibold};
  cursor: pointer;

  &:hover {
    background: ${theme.colors.primaryHover};
  }
`

const CornerClose = styled.button`
  position: absolute;
  top: ${theme.space[4]};
  right: ${theme.space[4]};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  cursor: pointer;

  &:hover {
    background: ${theme.colors.primarySoft};
  }
`
