/**
 * The documentation sets: real Debian documentation packages (debian-docs.ts), each with its start page, the
 * pages no question points to (indexes, tables of contents) and its own index. Python and git are the
 * tuning sets (Python's index was already tuned on by the docs bench), and SQLite, whose keyword index reads
 * like PostgreSQL's (docs/decisions/141-identifiers-in-questions.md), and pgpool-II's and Slony-I's manuals, built
 * with PostgreSQL's own DocBook toolchain, their book indexes like its (configuration parameters, commands;
 * docs/decisions/148-pgpool-and-slony-as-tuning-sets.md) but not its text; PostgreSQL and the Debian
 * Administrator's Handbook are held out (docs/decisions/105-answer-quality-held-out-sets.md). Bash
 * (bash-doc) was left out: its manual is one page, so "the right page" says nothing. The Handbook (one page per
 * section, 127, in seven languages) is the held-out translated set of the languages mode; the Debian Reference
 * (one page per chapter, 15, in six languages) its tuning set (docs/decisions/133-questions-asking-only-for-a-kind.md).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { packageDocs } from "./debian-docs";
import { docbookIndex, glossaryTerms, keywordIndex, packageTableTerms, sideNoteTerms, sphinxIndex, variableListTerms, type IndexEntry } from "./indexes";
import type { BenchLanguage } from "./language-guess";
import { SeededRandom } from "@/shared/seeded-random";

export interface DocSet {
  name: string;
  title: string;
  package: string;
  role: "tuning" | "held-out";
  language: BenchLanguage;
  /** The folder served as the site's root. */
  root: string;
  start: string;
  /** The served pages: all of the set's, or a seeded sample of them (with the start page). */
  pages: string[];
  /** Pages no question points to (indexes, tables of contents, search): served and crawled all the same. */
  notAnswers: RegExp;
  index: () => IndexEntry[];
  /** Where the index questions come from. */
  indexSource: string;
}

/** The HTML pages under a folder (relative paths), symbolic links left out (git's index.html is git.html). */
export function htmlPages(root: string, dir = ""): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const relative = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory() && !e.name.startsWith("_")) return htmlPages(root, relative);
    return e.isFile() && e.name.endsWith(".html") ? [relative] : [];
  });
}

/** At most `max` of a set's pages, always with its start page; the sample is seeded by the set's name. */
export function samplePages(name: string, all: string[], start: string, max: number): string[] {
  if (all.length <= max) return [...all].sort();
  const rest = new SeededRandom(`${name}/pages`).shuffle(all.filter((p) => p !== start)).slice(0, max - 1);
  return [start, ...rest].sort();
}

type Spec = Omit<DocSet, "root" | "pages" | "index"> & {
  inside: string;
  index: (root: string, pages: string[]) => IndexEntry[];
  /** Pages not served at all: copies of the others' text on one page (SQLite's C API on one page, its requirements). */
  notServed?: RegExp;
};

function docSet(spec: Spec, maxPages: number): DocSet {
  const root = packageDocs(spec.package, spec.inside);
  const all = htmlPages(root).filter((p) => statSync(path.join(root, p)).size > 0 && !spec.notServed?.test(p));
  const pages = samplePages(spec.name, all, spec.start, maxPages);
  const { inside: _inside, notServed: _notServed, ...rest } = spec;
  return { ...rest, root, pages, index: () => spec.index(root, pages) };
}

/**
 * An English manual built by DocBook's chunked HTML stylesheets: every page served from its start page `index.html`,
 * its questions from its `bookindex.html`, which no question points to, nor to the start page.
 */
function docbookBook(book: Pick<Spec, "name" | "title" | "package" | "inside" | "role">, stylesheets?: "DSSSL"): Spec {
  return {
    ...book,
    language: "en",
    start: "index.html",
    notAnswers: /^(?:bookindex|index)\.html$/,
    index: (root) => docbookIndex(root),
    indexSource: `bookindex.html (DocBook book index${stylesheets ? `, ${stylesheets}` : ""})`,
  };
}

const SPECS: Spec[] = [
  {
    name: "python",
    title: "Python 3.11 documentation",
    package: "python3.11-doc",
    inside: "usr/share/doc/python3.11/html",
    role: "tuning",
    language: "en",
    start: "index.html",
    notAnswers: /(?:^|\/)(?:genindex[^/]*|py-modindex|search|contents|index)\.html$/,
    index: (root) => sphinxIndex(root),
    indexSource: "genindex-all.html (Sphinx general index)",
  },
  {
    name: "git",
    title: "Git documentation",
    package: "git-doc",
    inside: "usr/share/doc/git-doc",
    role: "tuning",
    language: "en",
    start: "git.html",
    notAnswers: /^git\.html$/,
    index: (root, pages) => glossaryTerms(root, pages, (term) => `git-${term.replace(/\s+/g, "-")}.html`),
    indexSource: "no index: the glossary (gitglossary.html, the user manual's copy, the pages an entry links to, git-<term>.html)",
  },
  {
    // PostgreSQL-like terms on a tuning set (docs/decisions/141-identifiers-in-questions.md): SQL commands, pragmas
    // and functions with underscores (`journal_mode`, `json_extract`), C API names (`sqlite3_txn_state`).
    // Release notes, syntax diagrams and the lists of pages are served and crawled, as PostgreSQL's release notes
    // and index are, but no question points to them (a diagram is an image; a release note lists changes).
    name: "sqlite",
    title: "SQLite 3.40 documentation",
    package: "sqlite3-doc",
    inside: "usr/share/doc/sqlite3",
    role: "tuning",
    language: "en",
    start: "index.html",
    notAnswers: /^(?:index|keyword_index|docs|doclist|sitemap|toc|changes|chronology|syntaxdiagrams|doc_\w+_crossref)\.html$|^(?:releaselog|syntax)\/|^c3ref\/(?:funclist|objlist|constlist)\.html$/,
    // The whole C API again on one page, and every "shall" sentence of the docs again with its page's name: a
    // right answer quoted from a copy would count as a miss, and PostgreSQL's manual has no such copies.
    notServed: /^(?:capi3ref|requirements)\.html$/,
    index: (root) => keywordIndex(root),
    indexSource: "keyword_index.html (SQLite's keyword index)",
  },
  // Built with PostgreSQL's own DocBook toolchain (the older DSSSL stylesheets), with a book index like
  // PostgreSQL's (docs/decisions/148-pgpool-and-slony-as-tuning-sets.md): configuration parameters
  // (`load_balance_mode configuration parameter`), `pcp_*` commands, `SHOW POOL_NODES`. Not PostgreSQL's text.
  docbookBook({ name: "pgpool", title: "pgpool-II 4.3 documentation", package: "pgpool2", inside: "usr/share/doc/pgpool2", role: "tuning" }, "DSSSL"),
  // Slony-I's administration guide: the same toolchain, its index of replication terms and slonik commands.
  docbookBook({ name: "slony", title: "Slony-I 2.2 administration guide", package: "slony1-2-doc", inside: "usr/share/doc/slony1-2-doc/adminguide", role: "tuning" }, "DSSSL"),
  docbookBook({ name: "postgresql", title: "PostgreSQL 15 documentation", package: "postgresql-doc-15", inside: "usr/share/doc/postgresql-doc-15/html", role: "held-out" }),
  {
    name: "handbook",
    title: "Debian Administrator's Handbook (en-US)",
    package: "debian-handbook",
    inside: "usr/share/doc/debian-handbook/html/en-US",
    role: "held-out",
    language: "en",
    start: "index.html",
    notAnswers: /^index\.html$/,
    index: sideNoteTerms,
    indexSource: "no index in the HTML (its index terms are empty anchors): the side notes' titles",
  },
];

export function englishSets(maxPages: number): DocSet[] {
  return SPECS.map((spec) => docSet(spec, maxPages));
}

/** A translated **tuning** edition (the languages mode): its start page `index.html` unless it says another. */
const tuningEdition = (edition: Omit<DocSet, "role" | "start"> & { start?: string }): DocSet => ({ role: "tuning", start: "index.html", ...edition });

/** The Handbook's editions (Publican's folder per locale). */
export const HANDBOOK_LOCALES: Record<BenchLanguage, string> = { en: "en-US", de: "de-DE", fr: "fr-FR", es: "es-ES", it: "it-IT", nl: "nl-NL", pt: "pt-BR" };

/** The Handbook in each language, the same seeded sample of pages in every edition. */
export function handbookEditions(maxPages: number): DocSet[] {
  const english = SPECS.find((s) => s.name === "handbook")!;
  const sample = docSet({ ...english, name: "handbook-editions" }, maxPages).pages;
  return (Object.entries(HANDBOOK_LOCALES) as Array<[BenchLanguage, string]>).map(([language, locale]) => {
    const root = packageDocs(english.package, `usr/share/doc/debian-handbook/html/${locale}`);
    const pages = sample.filter((p) => statSync(path.join(root, p), { throwIfNoEntry: false })?.isFile());
    return {
      ...english,
      name: `handbook-${language}`,
      title: `Debian Administrator's Handbook (${locale})`,
      role: "held-out",
      language,
      root,
      pages,
      index: () => sideNoteTerms(root, pages),
    };
  });
}

/** The Debian Reference's editions (a package per language; none in Dutch). */
export const REFERENCE_LANGUAGES: BenchLanguage[] = ["en", "de", "fr", "es", "it", "pt"];

/**
 * The Debian Reference in each language it is packaged in: the languages mode's **tuning** set (the Handbook's
 * editions stay held out). One page per chapter (14 answer pages and the table of contents), so at most 14
 * known-item questions per edition (one a page, by the same rule); its index terms are the packages its tables
 * list (packageTableTerms), its how-to questions its many section headings.
 */
export function referenceEditions(): DocSet[] {
  return REFERENCE_LANGUAGES.map((language) => {
    const pkg = `debian-reference-${language}`;
    const root = packageDocs(pkg, "usr/share/debian-reference");
    const pages = htmlPages(root).filter((p) => p.endsWith(`.${language}.html`)).sort();
    return tuningEdition({
      name: `reference-${language}`,
      title: `Debian Reference (${language})`,
      package: pkg,
      language,
      root,
      start: `index.${language}.html`,
      pages,
      notAnswers: /^index\.[\w-]+\.html$/,
      index: () => packageTableTerms(root, pages),
      indexSource: "no index: the packages its tables list (a package → the one page whose tables list it), the table row's description its context",
    });
  });
}

/** The Installation Guide's editions: one package, a folder per language, all seven of the bench's (Dutch too). */
export const INSTALL_GUIDE_LANGUAGES: BenchLanguage[] = ["en", "de", "fr", "es", "it", "nl", "pt"];

/**
 * The Debian Installation Guide (amd64) in each language: the languages mode's second **tuning** set, and the only
 * tuning edition in Dutch. One page per section (about 90 a language, the same files in every edition); its
 * index terms are the terms of its variable lists (boot parameters, preseed keys: variableListTerms), its
 * how-to questions its section headings.
 */
export function installGuideEditions(): DocSet[] {
  const pkg = "installation-guide-amd64";
  return INSTALL_GUIDE_LANGUAGES.map((language) => {
    const root = packageDocs(pkg, `usr/share/doc/installation-guide-amd64/${language}`);
    const pages = htmlPages(root).sort();
    return tuningEdition({
      name: `install-guide-${language}`,
      title: `Debian Installation Guide (${language})`,
      package: pkg,
      language,
      root,
      pages,
      notAnswers: /^index\.html$/,
      index: () => variableListTerms(root, pages),
      indexSource: "no index: the terms of its variable lists (boot parameters, preseed keys), the definition its context",
    });
  });
}

/** The Ubuntu Packaging Guide's editions (a package per language: `-html` English, `-html-<locale>` the others). */
export const PACKAGING_GUIDE_LOCALES: Partial<Record<BenchLanguage, string>> = { en: "", de: "-de", fr: "-fr", es: "-es", pt: "-pt-br" };

/**
 * The Ubuntu Packaging Guide (Sphinx, 1.0.4) in each language it is packaged in: the languages mode's third
 * **tuning** set, the first built by Sphinx and the second, after the Installation Guide, in Spanish and Portuguese
 * (docs/decisions/152-packaging-guide-as-tuning-set.md). One page per chapter (16 answer pages, the start page
 * and the search page), so at most 16 known-item questions per edition; partly translated (about a third of the
 * Spanish and French sentences, half of the Portuguese, are the English ones: never questions, see statedText).
 * Its `singlehtml/` copy of every page is not served. It has no index (no genindex): no index questions; its
 * how-to questions are its section headings.
 */
export function packagingGuideEditions(): DocSet[] {
  return (Object.entries(PACKAGING_GUIDE_LOCALES) as Array<[BenchLanguage, string]>).map(([language, suffix]) => {
    const pkg = `ubuntu-packaging-guide-html${suffix}`;
    const root = packageDocs(pkg, `usr/share/doc/${pkg}`);
    const pages = htmlPages(root).filter((p) => !p.includes("/")).sort();
    return tuningEdition({
      name: `packaging-guide-${language}`,
      title: `Ubuntu Packaging Guide (${language})`,
      package: pkg,
      language,
      root,
      pages,
      notAnswers: /^(?:index|search)\.html$/,
      index: () => [],
      indexSource: "no index (no genindex): no index questions",
    });
  });
}

/** The languages LilyPond's general information manual (`web`) is packaged in: `lilypond-doc-html` English, `-<lang>` the others. */
export const LILYPOND_LANGUAGES: BenchLanguage[] = ["en", "de", "fr", "es", "it", "nl", "pt"];
/**
 * LilyPond's manuals the set may serve, where a language's package has them (Portuguese has only `web`, Dutch `web`
 * and `learning`, Italian no `extending`).
 */
export const LILYPOND_MANUALS = ["web", "learning", "usage", "essay", "extending", "notation"];

/**
 * LilyPond 2.24's general information manual (`Documentation/web/`, 41 pages, the same in every edition) in each
 * language, texi2html split HTML, a page per section: the languages mode's fourth **tuning** set
 * (docs/decisions/153-lilypond-as-tuning-set.md), the only LilyPond manual translated into Portuguese. `manuals`
 * (BENCH_AQ_LILYPOND_MANUALS) adds the Learning Manual (`learning`, 127 pages; every language but Portuguese), whose
 * side table of contents made 111 of its 128 English pages read as index-like before record 154, and the Usage,
 * Essay, Extending and Notation manuals (`usage`, `essay`, `extending`, `notation`: 14–230 pages, in German, French,
 * Spanish and Italian besides English; docs/decisions/155-a-kind-cue-in-the-questions-language.md). Translations are files beside the English ones with the language before `.html`
 * (`download.es.html`), each language in its own package; a page's translation may be partial (English sentences:
 * never questions, see statedText). The manuals' start pages, tables of contents (`index_toc`) and the Learning
 * Manual's index page are no answers. No index questions (the index is a page of links to anchors); its how-to
 * questions are its headings.
 */
export function lilypondEditions(manuals: string[] = ["web"]): DocSet[] {
  const unknown = manuals.filter((m) => !LILYPOND_MANUALS.includes(m));
  if (unknown.length || !manuals.length) throw new Error(`LilyPond's manuals are ${LILYPOND_MANUALS.join(", ")}, not "${manuals.join(",")}"`);
  return LILYPOND_LANGUAGES.map((language) => {
    const pkg = language === "en" ? "lilypond-doc-html" : `lilypond-doc-html-${language}`;
    const root = packageDocs(pkg, "usr/share/doc/lilypond/html/Documentation");
    const suffix = language === "en" ? "" : `.${language}`;
    const ofLanguage = (p: string) => p.endsWith(`${suffix}.html`) && (language !== "en" || !/\.[a-z]{2}\.html$/.test(p));
    const pages = manuals.filter((m) => existsSync(path.join(root, m)))
      .flatMap((m) => htmlPages(root, m).filter(ofLanguage))
      .sort();
    return tuningEdition({
      name: `lilypond-${language}`,
      title: `LilyPond 2.24 ${manuals.join(" + ")} (${language})`,
      package: pkg,
      language,
      root,
      start: `web/index${suffix}.html`,
      pages,
      notAnswers: /^\w+\/(?:index|index_toc|lilypond-index)(?:\.[a-z]{2})?\.html$/,
      index: () => [],
      indexSource: "no index questions (the Learning Manual's index is a page of links to anchors)",
    });
  });
}

/** GIMP's help folders per language (a package per language; Portuguese is Brazilian: `gimp-help-pt` is English). */
export const GIMP_LOCALES: Record<BenchLanguage, { pkg: string; folder: string }> = {
  en: { pkg: "gimp-help-en", folder: "en" },
  de: { pkg: "gimp-help-de", folder: "de" },
  fr: { pkg: "gimp-help-fr", folder: "fr" },
  es: { pkg: "gimp-help-es", folder: "es" },
  it: { pkg: "gimp-help-it", folder: "it" },
  nl: { pkg: "gimp-help-nl", folder: "nl" },
  pt: { pkg: "gimp-help-pt-br", folder: "pt_BR" },
};

/**
 * The GIMP 2.10 user manual in each language: the languages mode's fifth **tuning** set, the first with much
 * Spanish and Brazilian Portuguese text in a DocBook book chunked a page per section, as the Handbook is
 * (docs/decisions/159-gimp-as-tuning-set.md). 685 pages in every edition, the same files; the same seeded sample
 * of `maxPages` in each. Partly translated (about a tenth of the Spanish pages and a third of the Portuguese are
 * English: never questions, see statedText). Its index (`gimp-help-index.html`, DocBook XSL, translated) gives
 * the index questions; the start page, the index and the glossary are no answers.
 */
export function gimpEditions(maxPages: number): DocSet[] {
  const english = packageDocs(GIMP_LOCALES.en.pkg, "usr/share/gimp/2.0/help/en");
  const sample = samplePages("gimp", htmlPages(english), "index.html", maxPages);
  return (Object.entries(GIMP_LOCALES) as Array<[BenchLanguage, { pkg: string; folder: string }]>).map(([language, { pkg, folder }]) => {
    const root = packageDocs(pkg, `usr/share/gimp/2.0/help/${folder}`);
    const pages = sample.filter((p) => statSync(path.join(root, p), { throwIfNoEntry: false })?.isFile());
    return tuningEdition({
      name: `gimp-${language}`,
      title: `GIMP 2.10 user manual (${folder})`,
      package: pkg,
      language,
      root,
      pages,
      notAnswers: /^(?:index|gimp-help-index|glossary)\.html$/,
      index: () => docbookIndex(root, "gimp-help-index.html"),
      indexSource: "gimp-help-index.html (DocBook XSL book index, translated)",
    });
  });
}
