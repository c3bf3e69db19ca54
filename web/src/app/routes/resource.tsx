import { useParams } from 'react-router-dom'

import { ArticleView } from '@/features/articles/components/article-view'

/** /resources/{handle} (SPEC §2 "Article"). */
export default function ResourcePage() {
  const { handle = '' } = useParams()
  return <ArticleView key={handle} handle={handle} />
}
