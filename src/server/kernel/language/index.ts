/** The language toolkit (docs/decisions/115-one-language-toolkit.md): what the answer rules know of each language. */
export { QUESTION_LANGUAGES, framingWordsOf, questionWordsOf, withoutRequest } from "./framing";
export { answerKind, carriesKind, kindAsked, kindSearchWords, type AnswerKind } from "./kinds";
export { statesKind } from "./facts";
export { asksHowTo } from "./procedure";
export { asksForPerson, PERSON_REQUEST_LANGUAGES } from "./person-request";
export { primaryLanguage, snowballAlgorithm, STEMMED_LANGUAGES, textSearchConfig } from "./languages";
export { stemmerFor, type Stemmer } from "./stem";
export { stopWordsOf } from "./stop-words";
export { askedKindOnly, framingKeysOf, questionTerms, termKey, termsOf, withoutDiacritics, wordsOf, type QuestionTerms } from "./terms";
