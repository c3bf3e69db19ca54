import type { ComponentPropsWithRef, ReactNode } from 'react'
import styled from 'styled-components'

import type { MediaVideo } from '@/content/media'
import { theme } from '@/config/theme'

type VideoPlayerProps = Omit<ComponentPropsWithRef<'video'>, 'src' | 'poster' | 'width' | 'height' | 'children'> & {
  video: MediaVideo
  /** Called when the MP4 (the last source) fails to load. */
  onSourceError?: () => void
  /** What a browser that cannot play the video shows in its place. */
  children: ReactNode
}

/**
 * A video of src/content/media.ts in the page: its usual controls, the WebM first when there is
 * one, then the MP4, and its caption tracks. The caller adds what differs (muted, loop, autoplay,
 * the description it is tied to with aria-describedby).
 */
export function VideoPlayer({ video, onSourceError, children, ...props }: VideoPlayerProps) {
  return (
    <Video
      controls
      preload="metadata"
      playsInline
      poster={video.poster}
      width={video.width}
      height={video.height}
      {...props}
    >
      {video.webm ? <source src={video.webm} type="video/webm" /> : null}
      <source src={video.src} type="video/mp4" onError={onSourceError} />
      {video.captions.map((track) => (
        <track
          key={track.src}
          kind={track.kind}
          src={track.src}
          srcLang={track.srcLang}
          label={track.label}
          default={track.default}
        />
      ))}
      {children}
    </Video>
  )
}

const Video = styled.video`
  width: 100%;
  height: auto;
  aspect-ratio: 16 / 9;
  border-radius: ${theme.radii.lg};
  background: #0a3440;
  box-shadow: ${theme.shadows.card};
`
