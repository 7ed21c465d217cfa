import winkNLP, { type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

let instance: WinkMethods | undefined;

// The model is ~3 MB of tables; load it once, on first use, so importing the engine stays cheap.
export function englishNlp(): WinkMethods {
  instance ??= winkNLP(model);
  return instance;
}
