/** Greeting periods of SPEC §9: under 9, to 11, to 13, under 20, else evening. */
export type GreetingKey = 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'evening';

/** The greeting of an hour (0-23). */
export function greetingKey(hour: number): GreetingKey {
  if (hour < 9) return 'morning';
  if (hour <= 11) return 'forenoon';
  if (hour <= 13) return 'noon';
  if (hour < 20) return 'afternoon';
  return 'evening';
}
