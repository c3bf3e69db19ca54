import type { SVGProps } from 'react'

/**
 * The few line icons of the site frame. Decorative: hidden from assistive technology, so whatever
 * carries them must have a text label of its own.
 */
function Icon({ children, size = 20, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  )
}

type IconProps = SVGProps<SVGSVGElement> & { size?: number }

export const PhoneIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />
  </Icon>
)

export const MailIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 7-10 6L2 7" />
  </Icon>
)

export const PinIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 0 1 16 0z" />
    <circle cx="12" cy="10" r="3" />
  </Icon>
)

export const ClockIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </Icon>
)

export const MenuIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
)

export const CloseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
)

export const ChevronDownIcon = (props: IconProps) => (
  <Icon strokeWidth="2.5" {...props}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
)

export const ChevronLeftIcon = (props: IconProps) => (
  <Icon strokeWidth="2.5" {...props}>
    <path d="m15 18-6-6 6-6" />
  </Icon>
)

export const ChevronRightIcon = (props: IconProps) => (
  <Icon strokeWidth="2.5" {...props}>
    <path d="m9 18 6-6-6-6" />
  </Icon>
)

export const CalendarIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </Icon>
)

export const CheckCircleIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M22 11.1V12a10 10 0 1 1-5.9-9.1" />
    <path d="m22 4-10 10-3-3" />
  </Icon>
)

/**
 * The practice's mark: a stylised ear with sound waves, drawn in the current text colour with the
 * ear in `foreground`. Replace with a logo when rebranding.
 */
export const BrandMark = ({ size = 40, foreground = '#ffffff', ...props }: IconProps & { foreground?: string }) => (
  <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 40 40" {...props}>
    <circle cx="20" cy="20" r="20" fill="currentColor" />
    <path
      d="M15 27c0 2 1.6 3.5 3.5 3.5S22 29 22 27c0-3 5-4.5 5-10a7 7 0 0 0-14 0m4 0a3 3 0 0 1 6 0c0 2-2 2.5-2 4.5"
      fill="none"
      stroke={foreground}
      strokeWidth="2.4"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
    <path d="M29.5 12.5a10 10 0 0 1 0 10" fill="none" stroke={foreground} strokeWidth="2" strokeLinecap="round" opacity="0.85" />
  </svg>
)
