import { useSyncExternalStore } from 'react'

import { whenPageIdle } from '@/lib/when-page-idle'

/** A cart line (SPEC §3 Cart item): price is text such as "$3299.00"; image is the first product image. */
export interface CartItem {
  id: string
  title: string
  brand: string
  price: string
  image: string
  quantity: number
}

export const CART_STORAGE_KEY = 'hearing.cart'

// ---- Arithmetic (SPEC §4 Cart, §9): pure, so it is tested without a browser. ----

/** SPEC §9: "removes the dollar sign and reads a decimal" (thousands separators are dropped too). */
export function parsePrice(price: string): number {
  const value = Number.parseFloat(price.replace(/[$,\s]/g, ''))
  return Number.isFinite(value) ? value : 0
}

// Made on first use, not when the module is evaluated: the first Intl object of a page view loads
// the browser's ICU data (15-60 ms on this machine's Chromium, before any slowdown), and this module
// is in every page's first script (main.tsx warms ICU on another thread, lib/intl-warm.ts).
let usdFormat: Intl.NumberFormat | undefined
const usd = () => (usdFormat ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }))

/** A price as people read it, with thousands separators: "$3299.00" -> "$3,299.00"; text that is no price stays as it is. */
export function formatPrice(price: string | number): string {
  if (typeof price === 'number') return usd().format(price)
  const value = Number.parseFloat(price.replace(/[$,\s]/g, ''))
  return /\d/.test(price) && Number.isFinite(value) ? usd().format(value) : price
}

/** Adding an existing item raises its quantity by 1; a new item starts at 1. */
export function addItem(items: readonly CartItem[], item: Omit<CartItem, 'quantity'>): CartItem[] {
  return items.some((i) => i.id === item.id)
    ? items.map((i) => (i.id === item.id ? { ...i, quantity: i.quantity + 1 } : i))
    : [...items, { ...item, quantity: 1 }]
}

/** Setting quantity to 0 or less removes the item. */
export function setQuantity(items: readonly CartItem[], id: string, quantity: number): CartItem[] {
  return quantity <= 0 ? items.filter((i) => i.id !== id) : items.map((i) => (i.id === id ? { ...i, quantity } : i))
}

/** Item count and the sum of price × quantity, shown with 2 decimals. */
export function cartTotals(items: readonly CartItem[]): { count: number; total: string } {
  const count = items.reduce((n, i) => n + i.quantity, 0)
  const cents = items.reduce((sum, i) => sum + Math.round(parsePrice(i.price) * 100) * i.quantity, 0)
  return { count, total: (cents / 100).toFixed(2) }
}

// ---- The store: kept in localStorage, so it survives a reload and is shared by the visitor's tabs. ----

const EMPTY: CartItem[] = []
let current: CartItem[] | undefined
const listeners = new Set<() => void>()

function isCartItem(value: unknown): value is CartItem {
  const v = value as CartItem
  return (
    typeof v === 'object' && v !== null && typeof v.id === 'string' && typeof v.title === 'string' &&
    typeof v.brand === 'string' && typeof v.price === 'string' && typeof v.image === 'string' &&
    Number.isInteger(v.quantity) && v.quantity > 0
  )
}

function read(): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter(isCartItem) : []
  } catch {
    return []
  }
}

function snapshot(): CartItem[] {
  current ??= read()
  return current
}

function write(items: CartItem[]) {
  current = items
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items))
  } catch {
    // Storage full or blocked: the cart still works for this page.
  }
  listeners.forEach((l) => l())
}

function subscribe(listener: () => void, { watchOtherTabsWhenIdle = false } = {}) {
  listeners.add(listener)
  // Another tab changed the cart: re-read it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return
    current = read()
    listener()
  }
  // Listening for 'storage' opens the page's local storage, a synchronous load of 10-20 ms while
  // the page is loading: the header's count starts listening when the page is idle, just before
  // the idle task that first reads the stored cart (subscribeAndReadSoon), so no change from
  // another tab is missed.
  const listen = () => window.addEventListener('storage', onStorage)
  const stopWaiting = watchOtherTabsWhenIdle ? whenPageIdle(listen) : undefined
  if (!watchOtherTabsWhenIdle) listen()
  return () => {
    listeners.delete(listener)
    stopWaiting?.()
    window.removeEventListener('storage', onStorage)
  }
}

export const cart = {
  add: (item: Omit<CartItem, 'quantity'>) => write(addItem(snapshot(), item)),
  setQuantity: (id: string, quantity: number) => write(setQuantity(snapshot(), id, quantity)),
  clear: () => write([]),
}

/** The cart's items; empty during server rendering. */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY)
}

let readScheduled = false

/** Subscribes, and reads the stored cart once the page has loaded, if nothing has read it yet. */
function subscribeAndReadSoon(listener: () => void) {
  const unsubscribe = subscribe(listener, { watchOtherTabsWhenIdle: true })
  if (current === undefined && !readScheduled) {
    readScheduled = true
    whenPageIdle(() => {
      if (snapshot().length > 0) listeners.forEach((l) => l())
    })
  }
  return unsubscribe
}

/**
 * The cart for what every page renders at once (the header's count): empty, as pre-rendered, until
 * the page has loaded, then what is stored (lib/when-page-idle: why the first read waits).
 */
export function useCartAfterHydration(): CartItem[] {
  return useSyncExternalStore(subscribeAndReadSoon, () => current ?? EMPTY, () => EMPTY)
}
