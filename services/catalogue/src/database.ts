import type { OrderStatus, PatientLanguage } from '@hearing/contracts'
import type { ColumnType } from 'kysely'

export interface CollectionsTable {
  key: string
  title: string
  position: number
}

type Json<T> = ColumnType<T, string, string>

export interface ProductsTable {
  id: string
  title: string
  brand: string
  price_cents: number
  compare_price_cents: number | null
  images: Json<string[]>
  description: string
  features: Json<string[]>
  warranty: string
  rating: number
  reviews: number
  store_variant_id: string
  updated_at: ColumnType<Date, Date | undefined, Date>
}

export interface CollectionProductsTable {
  collection_key: string
  product_id: string
  position: number
}

export interface OrderLine {
  id: string
  title: string
  unit_price_cents: number
  quantity: number
}

export interface OrderRequestsTable {
  id: ColumnType<string, string | undefined, never>
  user_id: string | null
  first_name: string
  last_name: string
  email: string
  phone: string
  location_uid: string
  items: Json<OrderLine[]>
  total_cents: number
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>
  created_at: ColumnType<Date, Date | undefined, never>
  /** The language the customer ordered in: the order's e-mails use it. */
  language: ColumnType<PatientLanguage, PatientLanguage | undefined, never>
  /** Whether the confirmation e-mail went out: what the cap per recipient counts. */
  confirmation_sent: ColumnType<boolean, boolean | undefined, never>
}

/** Staff's internal notes on an order request. */
export interface OrderNotesTable {
  id: ColumnType<string, string | undefined, never>
  order_id: string
  author_id: string
  author_name: string
  text: string
  created_at: ColumnType<Date, Date | undefined, never>
}

/** The last catalogue read whole from the outside store. */
export interface StoreSnapshotsTable {
  provider: string
  catalogue: Json<unknown>
  fetched_at: ColumnType<Date, Date | undefined, Date>
}

export interface Database {
  order_requests: OrderRequestsTable
  order_notes: OrderNotesTable
  collections: CollectionsTable
  products: ProductsTable
  store_snapshots: StoreSnapshotsTable
  collection_products: CollectionProductsTable
}
