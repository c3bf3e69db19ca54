export interface CollectionsTable {
  key: string
  title: string
  position: number
}

export interface Database {
  collections: CollectionsTable
}
