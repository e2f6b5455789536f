/** The training capability's public surface: other capabilities and the transports import only this (lint: import/no-restricted-paths). */
export { leaseMs } from "./crawler/crawl-pages";
export { crawlPagesJob, crawlWebsiteJob, rereadPassagesJob, resyncSourcesJob, sweepCrawlsJob, trainSourceJob } from "./jobs";
export { indexSource } from "./retrieval/index-source";
export { headingParagraph, passageParagraphs, sourcesOf } from "./retrieval/passages";
export type { AnswerPassage, UsedSource } from "./retrieval/passages";
export { MAX_TOP_K, searchPassages } from "./retrieval/search";
export { CHANGE_CHUNKS, CONFIGS_DELTA, STATS_DELTA } from "./retrieval/sql";
export { chatbotSourcesRouter } from "./router";
export { SYNC_FREQUENCIES, anySourceInProgress, isSourceInProgress } from "./source-rules";
export { createSource, createWebsiteSourceIn, deleteSource } from "./sources";
export type { NewSourceInput } from "./sources";
// Loaded by the processes that run the workers when they start, rather than in front of the first crawl.
export { loadTokenCounter } from "./retrieval/tokenizer";
// The quality score's pages (evaluations, docs/decisions/063-chatbot-quality-score.md).
export { HEADING_SEPARATOR } from "./retrieval/passages";
export { indexedPages, indexedTexts, pagePassages } from "./retrieval/page-headings";
export type { IndexedPage, IndexedText } from "./retrieval/page-headings";
