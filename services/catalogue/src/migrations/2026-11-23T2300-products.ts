import { sql, type Migration } from 'kysely'

// Frozen in time: migrations never import application code.
export const products: Migration = {
  async up(db) {
    await db.schema
      .createTable('products')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('brand', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('compare_price_cents', 'integer')
      .addColumn('images', 'jsonb', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('features', 'jsonb', (c) => c.notNull())
      .addColumn('warranty', 'text', (c) => c.notNull())
      .addColumn('rating', 'real', (c) => c.notNull())
      .addColumn('reviews', 'integer', (c) => c.notNull())
      .addColumn('store_variant_id', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute()
    await db.schema
      .createTable('collection_products')
      .addColumn('collection_key', 'text', (c) => c.notNull().references('collections.key').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('collection_products_pk', ['collection_key', 'product_id'])
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('collection_products').execute()
    await db.schema.dropTable('products').execute()
  },
}
