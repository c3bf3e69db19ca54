import type { AppointmentPayload, ContactPayload, MessagePayload, TextPayload } from '@hearing/contracts'

export interface Location {
  uid: string
  name: string
}

/** What the provider answers for work it accepted: where it lives there, or that it stays here. */
export interface ProviderResult {
  status: 'delivered' | 'local'
  /** The provider's id of what it created. */
  providerRef?: string | null
}

/**
 * The customer-messaging provider (the spec's messaging-sync functions): the embedded local one, or
 * Podium. Failures throw: PermanentDeliveryError when retrying cannot help, RetryLaterError when the
 * provider says when to come back, anything else is retried with backoff.
 */
export interface MessagingProvider {
  readonly name: 'local' | 'podium'
  getLocations(): Promise<Location[]>
  /** `nameContact: false`: the phone is an account's contact, whose name the message must not change. */
  sendMessage(message: MessagePayload, deliveryId: string, options?: { nameContact: boolean }): Promise<ProviderResult>
  upsertContact(contact: ContactPayload, deliveryId: string): Promise<ProviderResult>
  createAppointment(appointment: AppointmentPayload, deliveryId: string): Promise<ProviderResult>
  /** A text to a patient's phone (a reminder); the local provider sends none and keeps it here. */
  sendText(text: TextPayload, deliveryId: string): Promise<ProviderResult>
}
