import { afterEach, describe, expect, it } from 'vitest'

import { addItem, cart, cartTotals, CART_STORAGE_KEY, formatPrice, parsePrice, setQuantity, type CartItem } from './cart'

const aid = (id: string, price: string) => ({ id, title: `Aid ${id}`, brand: 'Phonak', price, image: `/media/products/${id}.svg` })
const line = (id: string, price: string, quantity: number): CartItem => ({ ...aid(id, price), quantity })

describe('cart arithmetic (SPEC §4 Cart, §9)', () => {
  it('reads prices by dropping the dollar sign (and thousands separators); anything unreadable counts 0', () => {
    expect(parsePrice('$3299.00')).toBe(3299)
    expect(parsePrice('$3,299.50')).toBe(3299.5)
    expect(parsePrice(' 19.99 ')).toBe(19.99)
    expect(parsePrice('Call us')).toBe(0)
    expect(parsePrice('')).toBe(0)
  })

  it('shows prices as people read them, with thousands separators; text that is no price stays as it is', () => {
    expect(formatPrice('$3299.00')).toBe('$3,299.00')
    expect(formatPrice('$12499.5')).toBe('$12,499.50')
    expect(formatPrice('8497.00')).toBe('$8,497.00')
    expect(formatPrice('$175')).toBe('$175.00')
    expect(formatPrice(1234.5)).toBe('$1,234.50')
    expect(formatPrice('Call for price')).toBe('Call for price')
  })

  it('adds a new item at quantity 1, and raises the quantity of one already there', () => {
    const one = addItem([], aid('a', '$10.00'))
    expect(one).toEqual([line('a', '$10.00', 1)])
    const two = addItem(one, aid('a', '$10.00'))
    expect(two).toEqual([line('a', '$10.00', 2)])
    expect(addItem(two, aid('b', '$5.00'))).toEqual([line('a', '$10.00', 2), line('b', '$5.00', 1)])
    expect(one).toEqual([line('a', '$10.00', 1)])
  })

  it('sets a quantity; 0 or less removes the line', () => {
    const items = [line('a', '$10.00', 2), line('b', '$5.00', 1)]
    expect(setQuantity(items, 'a', 5)).toEqual([line('a', '$10.00', 5), line('b', '$5.00', 1)])
    expect(setQuantity(items, 'a', 0)).toEqual([line('b', '$5.00', 1)])
    expect(setQuantity(items, 'b', -1)).toEqual([line('a', '$10.00', 2)])
    expect(setQuantity(items, 'zzz', 3)).toEqual(items)
  })

  it('totals are the item count and the sum of price × quantity with 2 decimals, in whole cents', () => {
    expect(cartTotals([])).toEqual({ count: 0, total: '0.00' })
    expect(cartTotals([line('a', '$3299.00', 1), line('b', '$2599.00', 2)])).toEqual({ count: 3, total: '8497.00' })
    // 0.1 + 0.2 in floating point is 0.30000000000000004: summed in cents it is exactly 0.30.
    expect(cartTotals([line('a', '$0.10', 1), line('b', '$0.20', 1)])).toEqual({ count: 2, total: '0.30' })
    expect(cartTotals([line('a', '$19.99', 3)])).toEqual({ count: 3, total: '59.97' })
  })
})

describe('the cart store', () => {
  afterEach(() => {
    cart.clear()
    window.localStorage.clear()
  })

  it('keeps the cart in localStorage, so it survives a reload', () => {
    cart.add(aid('a', '$10.00'))
    cart.add(aid('a', '$10.00'))
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([line('a', '$10.00', 2)])
    cart.setQuantity('a', 0)
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([])
  })
})
