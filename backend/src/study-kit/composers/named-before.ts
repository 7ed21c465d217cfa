// "This process is known as radioactive decay.", "Such a path is called a Hamilton path (or Hamiltonian path).", "These
// are called snap elections.": a name given to what the sentence before describes. The name runs to the sentence's end
// or to what follows it ("… the initial condition and stated as …", "… the triangular numbers since they …").
const NAMED_BEFORE =
  /^(This|These|Such)((?:\s+[\p{L}’'-]+){0,5}?)\s+(is|are|was|were)\s+((?:often|also|commonly|sometimes|usually)\s+)?(called|known\s+as|termed|referred\s+to\s+as)\s+(?:(the|an?)\s+)?([\p{L}’'-]+(?:\s[\p{L}’'-]+){0,3}?)(?:\s*[.,;(]|\s+(?:and|since|because)\s)/u;

/** A sentence's naming of what the sentence before it describes, in its parts. */
export interface NameGivenBefore {
  /** "This", "These", "Such". */
  determiner: string;
  /** What the described thing is, as the sentence calls it ("process", "a path"); empty in "These are called …". */
  noun: string;
  verb: string;
  /** "often ", "also " … or empty. */
  often: string;
  /** "called", "known as", "termed", "referred to as". */
  naming: string;
  /** The name given ("radioactive decay"). */
  name: string;
  /** The article the name is given with ("the" core-periphery model), lower-cased, or empty. */
  article: string;
}

/** "This process is known as radioactive decay." -> the parts of the naming; null for any other sentence. */
export function nameGivenBefore(sentence: string): NameGivenBefore | null {
  const found = NAMED_BEFORE.exec(sentence.trim());
  if (!found) return null;
  const [, determiner, noun, verb, often, naming, article, name] = found;
  return {
    determiner: determiner!,
    noun: noun!.trim(),
    verb: verb!,
    often: often ?? '',
    naming: naming!.replace(/\s+/g, ' '),
    name: name!.trim(),
    article: article?.toLowerCase() ?? '',
  };
}
