export interface Location {
  uid: string
  name: string
}

/** The customer-messaging provider (the spec's messaging-sync function). */
export interface MessagingProvider {
  getLocations(): Promise<Location[]>
}
