import { Link } from 'react-router-dom'
import styled, { css } from 'styled-components'

import { Container } from '@/components/ui/container'
import { paths } from '@/config/paths'
import type { MediaImage, MediaVideo } from '@/content/media'
import { practice as englishPractice } from '@/content/practice'
import { spanishCopy } from '@/i18n/i18n'
import { t } from '@/i18n/home'
import { t as tNav } from '@/i18n/layout'

import { BackgroundVideo } from './background-video'
import { StarRating } from './star-rating'
import { theme } from '@/config/theme'

const practiceInPageLanguage = spanishCopy('practice')

interface HomeHeroProps {
  video: Pick<MediaVideo, 'src' | 'webm' | 'poster'>
  /** A consultation: beside the text on wide screens, below it on narrow ones. */
  art: MediaImage
}

/** Scrolls to the top of the page the link leads to (SPEC §2: the hero buttons "scroll to top"). */
const toTop = () => window.scrollTo({ top: 0, left: 0 })

/**
 * Home hero (SPEC §1, §2 "Home"): the tagline, the hero copy, the two main buttons and the trust
 * claims (rating with five stars, patients helped, years of experience) over a looping background
 * video, and a picture of a consultation on its own light card. A dark overlay keeps the white text
 * above 4.5:1 whatever frame the video shows.
 */
export function HomeHero({ video, art }: HomeHeroProps) {
  const practice = practiceInPageLanguage(englishPractice)
  const { claims } = practice
  return (
    <Hero aria-labelledby="home-hero-heading">
      <BackgroundVideo src={video.src} webm={video.webm} poster={video.poster} name="home hero" />
      <Overlay aria-hidden="true" />
      <Content>
        <Text>
          <Eyebrow>{practice.name}</Eyebrow>
          <Heading id="home-hero-heading">{practice.tagline}</Heading>
          <Copy>{practice.heroCopy}</Copy>
          <Actions>
            <HeroLink to={paths.bookAppointment.getHref()} onClick={toTop} $variant="solid">
              {tNav('nav.bookAppointment')}
            </HeroLink>
            <HeroLink to={paths.products.getHref()} onClick={toTop} $variant="outline">
              {t('home.shop')}
            </HeroLink>
          </Actions>
          <Claims>
            <Claim>
              <StarRating rating={claims.rating} outOf={claims.ratingOutOf} />
              <ClaimValue>
                {claims.rating}/{claims.ratingOutOf}
              </ClaimValue>
              <ClaimLabel>{t('home.rating')}</ClaimLabel>
            </Claim>
            <Claim>
              <ClaimValue>{claims.patientsHelped}</ClaimValue>
              <ClaimLabel>{t('home.helped')}</ClaimLabel>
            </Claim>
            <Claim>
              <ClaimValue>{claims.yearsOfExperience}</ClaimValue>
              <ClaimLabel>{t('home.years')}</ClaimLabel>
            </Claim>
          </Claims>
        </Text>
        <Art src={art.src} alt={art.alt} width={art.width} height={art.height} decoding="async" />
      </Content>
    </Hero>
  )
}

const Hero = styled.section`
  position: relative;
  isolation: isolate;
  overflow: hidden;
  display: flex;
  align-items: center;
  min-height: min(44rem, 88vh);
  padding-block: ${theme.space[8]} ${theme.space[9]};
  background: #0a3440;
  color: #ffffff;

  a:focus-visible,
  button:focus-visible {
    outline-color: #ffffff;
  }
`

const Overlay = styled.div`
  position: absolute;
  inset: 0;
  z-index: 1;
  background: rgba(5, 30, 38, 0.86);

  /* Wide screens: the text sits on the left, so the right may show more of the video. */
  ${theme.media.fromDesktop} {
    background: linear-gradient(100deg, rgba(5, 30, 38, 0.9) 0%, rgba(5, 30, 38, 0.82) 50%, rgba(5, 30, 38, 0.5) 100%);
  }
`

const Content = styled(Container)`
  position: relative;
  z-index: 2;
  display: grid;
  gap: ${theme.space[7]};
  align-items: center;

  ${theme.media.fromDesktop} {
    grid-template-columns: minmax(0, 1.15fr) minmax(0, 0.85fr);
    gap: ${theme.space[6]};
  }
`

/** min-width 0: the text column may shrink below its longest word's width instead of overflowing. */
const Text = styled.div`
  min-width: 0;
`

/** Its width and height attributes reserve the space before it loads: nothing below it moves. */
const Art = styled.img`
  justify-self: center;
  width: 100%;
  max-width: 28rem;
  height: auto;

  ${theme.media.fromDesktop} {
    justify-self: end;
    max-width: 36rem;
  }
`

const Eyebrow = styled.p`
  margin-bottom: ${theme.space[3]};
  font-size: ${theme.fontSizes.base};
  font-weight: ${theme.fontWeights.semibold};
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: #d7eef2;
`

const Heading = styled.h1`
  max-width: 18ch;
  color: #ffffff;
  font-size: 2.5rem;

  ${theme.media.fromTablet} {
    font-size: 3rem;
  }

  ${theme.media.fromDesktop} {
    font-size: 3.75rem;
  }
`

const Copy = styled.p`
  max-width: ${theme.layout.textWidth};
  margin-bottom: ${theme.space[6]};
  font-size: ${theme.fontSizes.lg};
  color: #f1f7f8;

  ${theme.media.fromDesktop} {
    font-size: ${theme.fontSizes.xl};
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[4]};
  margin-bottom: ${theme.space[7]};
`

const HeroLink = styled(Link)<{ $variant: 'solid' | 'outline' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 52px;
  padding: ${theme.space[3]} ${theme.space[6]};
  border: 2px solid #ffffff;
  border-radius: ${theme.radii.md};
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  text-decoration: none;

  @media (max-width: ${theme.breakpoints.phone - 1}px) {
    width: 100%;
  }

  ${({ $variant, theme }) =>
    $variant === 'solid'
      ? css`
          background: #ffffff;
          color: ${theme.colors.primary};

          &:hover {
            background: ${theme.colors.primarySoft};
            color: ${theme.colors.primaryHover};
          }
        `
      : css`
          background: transparent;
          color: #ffffff;

          &:hover {
            background: rgba(255, 255, 255, 0.12);
            color: #ffffff;
          }
        `}
`

const Claims = styled.ul`
  display: grid;
  gap: ${theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;

  ${theme.media.fromTablet} {
    grid-template-columns: repeat(3, minmax(0, max-content));
    gap: ${theme.space[7]};
  }
`

const Claim = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${theme.space[1]} ${theme.space[3]};

  ${theme.media.fromTablet} {
    flex-direction: column;
    align-items: flex-start;
  }
`

const ClaimValue = styled.span`
  font-size: ${theme.fontSizes['2xl']};
  font-weight: ${theme.fontWeights.bold};
  line-height: 1.1;
  color: #ffffff;
`

const ClaimLabel = styled.span`
  font-size: ${theme.fontSizes.base};
  color: #e3f1f3;
`
