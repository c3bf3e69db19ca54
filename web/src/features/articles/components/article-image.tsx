import { useState } from 'react'

import { PLACEHOLDER_IMAGE } from '../format'

interface ArticleImageProps {
  src: string | null
  alt: string
  className?: string
  /** The article page's hero is its largest paint: fetched first, not lazily. */
  priority?: boolean
  /** "en" on Spanish pages: the alt texts are the articles' own, in English. */
  lang?: string
}

/** An article's picture; the placeholder when it has none or it fails to load (SPEC §8). */
export function ArticleImage({ src, alt, className, priority = false, lang }: ArticleImageProps) {
  const [failed, setFailed] = useState(false)
  const url = !src || failed ? PLACEHOLDER_IMAGE : src
  return (
    <img
      className={className}
      src={url}
      alt={url === PLACEHOLDER_IMAGE ? '' : alt}
      lang={url === PLACEHOLDER_IMAGE ? undefined : lang}
      width={1200}
      height={630}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      onError={() => setFailed(true)}
    />
  )
}
