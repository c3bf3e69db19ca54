import { useState } from 'react'

import { PLACEHOLDER_IMAGE } from '../format'

interface ArticleImageProps {
  src: string | null
  alt: string
  className?: string
  /** The article page's hero is its largest paint: fetched first, not lazily. */
  priority?: boolean
}

/** An article's picture; the placeholder when it has none or it fails to load (SPEC §8). */
export function ArticleImage({ src, alt, className, priority = false }: ArticleImageProps) {
  const [failed, setFailed] = useState(false)
  const url = !src || failed ? PLACEHOLDER_IMAGE : src
  return (
    <img
      className={className}
      src={url}
      alt={url === PLACEHOLDER_IMAGE ? '' : alt}
      width={1200}
      height={630}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      onError={() => setFailed(true)}
    />
  )
}
