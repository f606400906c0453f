/** The booking calls' contract (docs/product.md#book-a-call), read by the pages and the server. */
import type { Static } from 'typebox';
import type { bookedSchema, bookingOpenSchema, bookingSchema, bookingSettingsSchema, managedSchema, settingsAnswerSchema, slotSchema, slotsAnswerSchema } from './contract/booking';

/** The weekdays in the order a week is shown, as the settings name them. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const SLOT_TAKEN_MESSAGE = 'That time was just taken. Please choose another.';

export type BookingSettings = Static<typeof bookingSettingsSchema>;
export type BookingSettingsAnswer = Static<typeof settingsAnswerSchema>;
export type Slot = Static<typeof slotSchema>;
export type SlotsAnswer = Static<typeof slotsAnswerSchema>;
export type Booked = Static<typeof bookedSchema>;
export type Booking = Static<typeof bookingSchema>;
export type ManagedBooking = Static<typeof managedSchema>;
export type BookingOpen = Static<typeof bookingOpenSchema>;
