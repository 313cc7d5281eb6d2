// A type for the Output variants of the look-up functions.

/**
 * T's named fields, without the index signature a loose schema gives it. The Output variants
 * return these: Pulumi lifts an Output's fields by name, and with the index signature
 * `getCollectorOutput(...).id` was `Output<unknown> | undefined`, unusable as a `collectorId`.
 */
export type Fields<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K];
};
