/**
 * A value made on first use. For Intl formatters: building one loads locale data, tens of milliseconds of a phone's
 * main thread that a module's top level would spend on every page importing it, shown or not.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
