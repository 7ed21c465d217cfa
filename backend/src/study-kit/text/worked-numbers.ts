/**
 * Numbers that belong to a worked case rather than to the idea: "Each vertex in K5 has degree 4.", "eating 3 more hot
 * dogs", "The p-value … is equal to about 0.04.". An ordinal is part of a name ("the 2nd-order Runge-Kutta method", "the
 * 19th century"), and so is an acronym's number ("RK4", "BDF2"); a year dates a fact the subject is made of ("The
 * Maastricht Treaty of 1993 established …", "In 1956 Lax and Richtmeyer established …", "in the 1970s").
 */
export function holdsWorkedNumbers(text: string): boolean {
  return /\d/.test(withoutNamingNumbers(text));
}

/** The text without the numbers that name or date something: ordinals, acronyms' numbers, years. */
function withoutNamingNumbers(text: string): string {
  return text.replace(ORDINAL, '').replace(NUMBERED_ACRONYM, '').replace(YEAR, '');
}

const ORDINAL = /(?<![\p{L}\p{N}.])\d{1,2}(?:st|nd|rd|th)(?![\p{L}\p{N}])/gu;
const NUMBERED_ACRONYM = /(?<![\p{L}\p{N}])\p{Lu}{2,}\d{1,2}(?![\p{L}\p{N}])/gu;
// A year or a decade ("1993", "the 1970s"), after a word of time or place ("in", "of", "since", "until", "by", "from",
// "between", "and", "the"), never one of a sum or a count ("1512 ways"): the number stands alone, closing a phrase.
const YEAR =
  /(?<=\b(?:in|of|since|until|till|by|from|to|between|and|after|before|during|around|circa|the|early|late|mid)\s+)(?:1[5-9]|20)\d\d(?:s|[–-](?:1[5-9]|20)?\d\d)?(?![\p{L}\p{N}.,]\d|\s+(?:ways|times|people|members|votes|seats|copies|units|[\p{Ll}]+s\b))/giu;

/**
 * A value a worked case came to, standing alone as a number: "20%", "0.10", "about 0.04", "degree 4", "173.3 lbs". A
 * variable's index run into its letter ("a1", "tn−1", "K5") is notation, not a value, and a year or an ordinal is none.
 */
export function statesWorkedValues(text: string): boolean {
  return STANDALONE_NUMBER.test(withoutNamingNumbers(text));
}

const STANDALONE_NUMBER = /(?<![\p{L}\p{N}.,−-])\d+(?:[.,]\d+)?%?(?![\p{L}\p{N}])/u;
