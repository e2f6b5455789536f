/**
 * The words that frame a question rather than name its subject, per language: interrogatives and auxiliaries
 * the stop lists leave in, requests ("explain", "tell me about", "wofür braucht man", "à quoi sert"), the
 * words of "where is it explained / which page says / is it true that / described as", "used for", "how does
 * … work", "how do I go about …", the words of a price ("how much does it cost": the amount is what a price
 * question needs, and kinds.ts asks for it), small talk. A framing word is never content a passage must
 * hold: it counts when a passage holds it and is dropped when none does
 * (docs/decisions/115-one-language-toolkit.md).
 * Written from each language's usual question forms, not from any evaluation's misses.
 */
import { primaryLanguage } from "./languages";

/**
 * A language's interrogatives ("cos'è", "wofür"): framing words that never name what a question is about, so
 * retrieval does not look them up either (questionWordsOf). English ones are stop words already.
 */
const INTERROGATIVES: Record<string, string> = {
  de: "was wer wen wem wessen wie wo wann warum weshalb wieso wozu wofür woher wohin womit worüber wodurch woran worum welche welcher welches",
  fr: "que quoi quel quelle quels quelles lequel laquelle lesquels où quand comment pourquoi combien",
  es: "qué quién quiénes cuál cuáles dónde cuándo cómo cuánto cuánta cuántos cuántas",
  it: "cosa cos che chi quale quali dove quando come perché quanto quanta quanti quante",
  nl: "welk welke waar wanneer waarom waarvoor waarmee waardoor waarover hoeveel",
  pt: "que quê quem qual quais onde quando como porque porquê quanto quanta quantos quantas",
};

/**
 * The auxiliaries and modals of a language's usual question forms that English's stop list already leaves out
 * ("What does X do?", "Can you explain X?"): "Que fait X ?", "Kannst du X erklären?", "O que faz X?" — not
 * looked up either (questionWordsOf), so they do not outweigh a rare term in a long passage.
 */
const AUXILIARIES: Record<string, string> = {
  de: "kann kannst könnt können könnten macht mache tut",
  fr: "peut peux pouvez pouvons puis fait",
  es: "puede puedes puedo pueden podría podrías hace hacen",
  it: "può puoi posso possono potrebbe potresti fa fanno",
  nl: "kun kunt kan zou zouden doet doen",
  pt: "pode podes posso podem poderia faz fazem",
};

const FRAMING_WORDS: Record<string, string> = {
  en: `could would may might must shall ought need needs needed let lets please kindly
    tell explain explains explained explanation explanations describe describes described description define defines defined definition
    mean means meant meaning say says said state states stated mention mentions mentioned document documents documented documentation docs
    cover covers covered discuss discusses discussed show shows shown learn know knows understand find found look looking see help
    info information detail details
    use used uses using usage purpose good work works working go going way ways best able possible get make makes
    page pages section sections article chapter manual guide library libraries module modules
    true correct really actually exactly usually already currently kind type sort thing things something anything thus
    called named much many far long take takes one located location situated
    hello hi hey thanks thank ok okay yes wondering want wanted like
    cost costs price prices fee fees`,
  de: `${INTERROGATIVES.de} ${AUXILIARIES.de}
    muss musst müssen soll sollte darf dürfen möchte möchten mag will gibt gibt's
    erkläre erklären erklärt erklärung beschreibe beschreiben beschreibt beschrieben beschreibung bedeutet bedeuten bedeutung definiert definition
    sag sage sagen sagt steht stehen erwähnt dokumentiert dokumentation zeige zeigen zeigt finde finden findet lernen wissen weiß verstehen hilfe
    information informationen infos details näheres
    braucht brauche brauchen benötigt verwendet verwenden benutzt benutzen benutze nutzt nutzen zweck dient dienen funktioniert funktionieren
    tun geht gehen vorgehen umgehen arbeiten arbeitet
    seite seiten abschnitt kapitel artikel handbuch anleitung bibliothek modul module
    stimmt richtig wahr eigentlich genau normalerweise bereits gerade art typ sorte ding
    heißt genannt viele lange dauert liegt befindet gelegen
    hallo hi danke bitte ok okay ja gern gerne
    kostet kosten preis preise gebühr gebühren`,
  fr: `${INTERROGATIVES.fr} ${AUXILIARIES.fr}
    puisse dois doit devez faut voudrais voulez veux aimerais
    explique expliquer expliqué expliquée expliquez explication décrire décrit décrite décrits décrivez description définit défini définition
    dire dit dites signifie signifient signification mentionné documenté documentation montre montrer montrez trouver trouve apprendre savoir sais comprendre aide
    information informations détails
    sert servent servir sert-il utilise utiliser utilisé utilisée utilisation utilisez but fonctionne fonctionner faire font marche
    page pages section chapitre article manuel guide bibliothèque module modules
    vrai vraie exact correct vraiment exactement généralement déjà actuellement sorte type genre chose ainsi
    appelle appelé nommé beaucoup longtemps situé située trouve trouvent
    bonjour salut merci svp ok oui ça cela ceci
    coûte coûtent coût coûts prix tarif tarifs frais`,
  es: `${INTERROGATIVES.es} ${AUXILIARIES.es}
    debo debe hay quiero quisiera gustaría
    explica explicar explicado explicada explicación explique describe describir descrito descrita descripción define definido definición
    dice dicen decir significa significado menciona mencionado documenta documentado documentación muestra mostrar encontrar encuentro aprender saber sé entender ayuda
    información detalles
    sirve sirven servir usa usar usado usada uso utiliza utilizar utilizado propósito funciona funcionan funcionamiento hacer
    página páginas sección capítulo artículo manual guía biblioteca librería módulo módulos
    cierto verdad correcto realmente exactamente normalmente ya actualmente tipo clase cosa así
    llama llamado llamada muchos tiempo ubicado ubicada situado encuentra
    hola gracias favor ok sí usted ustedes
    cuesta cuestan precio precios coste costo tarifa`,
  it: `${INTERROGATIVES.it} ${AUXILIARIES.it}
    devo deve bisogna vorrei voglio
    spiega spiegare spiegato spiegata spiegazione descrive descrivere descritto descritta descrizione definisce definito definizione
    dice dire dicono significa significato menziona menzionato documenta documentato documentazione mostra mostrare trovare trovo imparare sapere so capire aiuto
    informazioni informazione dettagli
    serve servono servire usa usare usato usata uso utilizza utilizzare utilizzato scopo funziona funzionano funzionamento fare
    pagina pagine sezione capitolo articolo manuale guida libreria modulo moduli
    vero vera corretto davvero esattamente normalmente già attualmente tipo genere cosa
    chiama chiamato chiamata molti tempo situato situata trova trovano
    ciao grazie prego ok sì
    costa costano costo costi prezzo prezzi tariffa`,
  nl: `${INTERROGATIVES.nl} ${AUXILIARIES.nl}
    mag moet moeten wil wilt willen
    leg uitleggen uitgelegd uitleg beschrijf beschrijven beschrijft beschreven beschrijving definieert gedefinieerd definitie
    zeg zegt zeggen staat staan betekent betekenen betekenis vermeld vermeldt gedocumenteerd documentatie toon toont tonen vind vinden leren weten begrijpen hulp
    informatie details
    dient dienen gebruik gebruikt gebruiken doel werkt werken werking doe
    pagina paginas pagina's sectie hoofdstuk artikel handleiding bibliotheek module modules
    klopt waar juist echt precies meestal gewoonlijk soort type ding
    heet genoemd lang duurt ligt bevindt gelegen
    hallo hoi dank bedankt alsjeblieft ok oké jullie jij jou jouw
    kost kosten prijs prijzen tarief`,
  pt: `${INTERROGATIVES.pt} ${AUXILIARIES.pt}
    devo deve quero queria gostaria
    explica explicar explicado explicada explicação explique descreve descrever descrito descrita descrição define definido definição
    diz dizer dizem significa significado menciona mencionado documenta documentado documentação mostra mostrar encontrar encontro aprender saber sei entender ajuda
    informação informações detalhes
    serve servem servir usa usar usado usada uso utiliza utilizar utilizado propósito funciona funcionam funcionamento fazer
    página páginas seção secção capítulo artigo manual guia biblioteca módulo módulos
    verdade certo correto realmente exatamente normalmente atualmente tipo coisa assim
    chama chamado chamada muitos tempo localizado localizada situado fica encontra
    olá oi obrigado obrigada favor ok sim
    custa custam custo preço preços tarifa`,
};

/**
 * The framing words that name a topic (nouns: a module, a guide, the help): framing in a question that names
 * something else ("Which module provides …?", "What does this page say about …?"), what a question asks about when
 * it names nothing else — "Can you explain modules?", "À quoi sert l'aide ?", "Pode explicar ajuda?"
 * (docs/decisions/170-a-question-of-topic-nouns-only.md).
 */
const TOPIC_WORDS: Record<string, string> = {
  en: "module modules library libraries guide guides manual documentation page pages section sections chapter article information details help purpose",
  de: "modul module bibliothek handbuch anleitung seite seiten abschnitt kapitel artikel dokumentation information informationen details hilfe zweck",
  fr: "module modules bibliothèque manuel guide page pages section chapitre article documentation information informations détails aide but",
  es: "módulo módulos biblioteca librería manual guía página páginas sección capítulo artículo documentación información detalles ayuda propósito",
  it: "modulo moduli libreria manuale guida pagina pagine sezione capitolo articolo documentazione informazioni informazione dettagli aiuto scopo",
  nl: "module modules bibliotheek handleiding pagina paginas sectie hoofdstuk artikel documentatie informatie details hulp doel",
  pt: "módulo módulos biblioteca manual guia página páginas seção secção capítulo artigo documentação informação informações detalhes ajuda propósito",
};

/** A language's topic words (TOPIC_WORDS) as spelled, lower case; none for a language without a list. */
export function topicWordsOf(language: string | null | undefined): string[] {
  return (TOPIC_WORDS[primaryLanguage(language)] ?? "").split(/\s+/).filter(Boolean);
}

const parsed = new Map<string, string[]>();

/** A language's framing words as spelled (lower case); none for a language without a list. */
export function framingWordsOf(language: string | null | undefined): string[] {
  const code = primaryLanguage(language);
  let words = parsed.get(code);
  if (!words) parsed.set(code, (words = (FRAMING_WORDS[code] ?? "").split(/\s+/).filter(Boolean)));
  return words;
}

const questionWords = new Map<string, ReadonlySet<string>>();

/**
 * The words that only make a question one in a language, never what it asks about: its interrogatives and the
 * auxiliaries and modals English's stop list leaves out (lower case, as spelled; none for a language without a list).
 */
export function questionWordsOf(language: string | null | undefined): ReadonlySet<string> {
  const code = primaryLanguage(language);
  let words = questionWords.get(code);
  if (!words) questionWords.set(code, (words = new Set(`${INTERROGATIVES[code] ?? ""} ${AUXILIARIES[code] ?? ""}`.split(/\s+/).filter(Boolean))));
  return words;
}

/**
 * A request for an explanation addressed to the chatbot, per language: its lead-in ("Can you explain", "Tell me
 * about", "Peux-tu m'expliquer", "Háblame de", "Spiegami") or, where the verb closes the question after a modal
 * ("Kannst du X erklären?", "Kun je X uitleggen?"), that verb. It asks for an explanation of what follows and names
 * nothing: a documentation site's own "EXPLAIN" (an SQL command) or "How to tell …" heading is no answer to it.
 * Written from each language's usual request forms.
 */
const REQUESTS: Record<string, { head: RegExp; tail?: RegExp }> = {
  en: { head: /^\s*(?:(?:can|could|would|will) you\s+)?(?:please\s+)?(?:explain|describe|tell me(?:\s+(?:more|something|a bit))?(?:\s+about)?)\s/iu },
  de: {
    head: /^\s*(?:bitte\s+)?(?:erkläre?|erklären sie|beschreibe|beschreiben sie|erzähle?|erzählen sie)(?:\s+(?:mir|uns))?(?:\s+bitte)?(?:\s+(?:etwas|mehr))?(?:\s+(?:über|von))?\s/iu,
    tail: /^\s*(?:kannst|können|könntest|könnten)\s.*\s(?:erklären|beschreiben)\s*[?.!]*\s*$/iu,
  },
  fr: { head: /^\s*(?:(?:peux|pouvez|pourrais|pourriez)[-\s](?:tu|vous)\s+)?(?:me\s+|m'|m’|nous\s+)?(?:expliquer|décrire|parler\s+(?:de|du|des)|expliquez?-moi|décri(?:s|vez)-moi|parlez?-moi\s+(?:de|du|des))\s/iu },
  es: { head: /^\s*¿?\s*(?:(?:puedes|podrías|puede|podría)\s+)?(?:explicar(?:me)?|describir(?:me)?|hablar(?:me)?\s+(?:de|del|sobre)|explícame|descríbeme|háblame\s+(?:de|del|sobre)|cuéntame\s+(?:de|del|sobre))\s/iu },
  it: { head: /^\s*(?:(?:puoi|potresti|può|potrebbe)\s+)?(?:spiegar(?:mi|e)|descriver(?:mi|e)|parlar(?:mi|e)\s+(?:di|del|della|dei|delle)|spiegami|descrivimi|parlami\s+(?:di|del|della|dei|delle))\s/iu },
  nl: { head: /^\s*(?:beschrijf|vertel\s+(?:me\s+|mij\s+)?(?:iets\s+)?over)\s/iu, tail: /^\s*(?:kun|kunt|kan)\s.*\s(?:uitleggen|beschrijven)\s*[?.!]*\s*$/iu },
  pt: { head: /^\s*(?:(?:pode|podes|poderia|poderias)\s+)?(?:me\s+)?(?:explicar|descrever|falar\s+(?:sobre|de|do|da|dos|das)|explique|descreva|fale(?:-me)?\s+(?:sobre|de|do|da|dos|das)|conte-me\s+(?:sobre|de))\s/iu },
};

/**
 * A question asking what something is for, by the lead-in its language asks it with ("à quoi sert", "para qué
 * sirve", "a cosa serve", "para que serve", "waarvoor dient"): the lead-in names nothing, and its verb, rare in a
 * manual's text, would outweigh the name asked about in the passages repeating it ("Para que serve tcsh?" met by
 * passages saying "serve" and "servidor", not by the one naming tcsh: docs/decisions/151-a-question-is-read-in-the-language-it-is-asked-in.md).
 */
const PURPOSE: Record<string, RegExp> = {
  fr: /^\s*(?:à|a) quoi (?:sert|servent)(?:-(?:il|elle|ils|elles))?\s/iu,
  es: /^\s*¿?\s*para qu[ée] (?:sirve|sirven)\s/iu,
  it: /^\s*a cosa (?:serve|servono)\s/iu,
  nl: /^\s*waarvoor (?:dient|dienen)\s/iu,
  pt: /^\s*para que (?:serve|servem)\s/iu,
};

/**
 * A question without its request lead-in (REQUESTS: "Can you explain PRAGMA data_version?" → "PRAGMA data_version?"),
 * or as it is when it opens with none. Retrieval does not look the request up (retrieval/query-terms.ts searchedWords).
 */
export function withoutRequest(question: string, language: string | null | undefined): string {
  const purpose = PURPOSE[primaryLanguage(language)]?.exec(question);
  if (purpose && purpose[0].length < question.length) return question.slice(purpose[0].length);
  const request = REQUESTS[primaryLanguage(language)];
  if (!request) return question;
  const head = request.head.exec(question);
  if (head && head[0].length < question.length) return question.slice(head[0].length);
  if (request.tail?.test(question)) return question.replace(/\s\S+\s*[?.!]*\s*$/u, "?");
  return question;
}

/** The languages with question vocabulary (framing words and kind cues). */
export const QUESTION_LANGUAGES = Object.keys(FRAMING_WORDS);
