/** The evaluations capability's pure rules for the UI. */
export { MRR_DEPTH, SCORE_DROP_FLAG, scoreDropped } from "./scoring";
export type { QuestionResult } from "./scoring";
