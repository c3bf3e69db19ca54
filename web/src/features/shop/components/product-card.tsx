import { Link } from 'react-router-dom'
import styled from 'styled-components'

import { paths } from '@/config/paths'

import type { Product } from '@hearing/contracts'
import { Price } from './price'
import { theme } from '@/config/theme'

export function ProductCard({ product }: { product: Product }) {
  return (
    <Card>
      <img src={product.images[0]} alt="" width={600} height={450} loading="lazy" />
      <Brand>{product.brand}</Brand>
      <h3>
        <Link to={paths.product.getHref(product.id)}>{product.title}</Link>
      </h3>
      <Price product={product} />
    </Card>
  )
}

const Card = styled.article`
  display: grid;
  gap: ${theme.space[2]};
  height: 100%;
  padding: ${theme.space[4]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.card};
  img {
    width: 100%;
    height: auto;
    border-radius: ${theme.radii.md};
  }
  h3 {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
  }
  a {
    color: ${theme.colors.primary};
  }
`
const Brand = styled.p`
  margin: 0;
  color: ${theme.colors.accent};
  font-weight: 700;
  text-transform: uppercase;
`
