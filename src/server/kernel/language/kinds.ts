/**
 * Questions that ask for a kind of fact — a place, a time, a price, a way to get in touch — and the cues that
 * a sentence carries one, per language (docs/decisions/051-grounded-or-honest-answers.md,
 * docs/decisions/115-one-language-toolkit.md). "Where is it explained that …?" asks for a page, not a place:
 * a "where" followed by a word of saying or documenting is never a place question.
 */
import { primaryLanguage } from "./languages";

export type AnswerKind = "place" | "time" | "price" | "contact";

interface KindVocabulary {
  /** In order: the first kind whose pattern matches the question wins. */
  questions: Array<[AnswerKind, RegExp]>;
  /** A "where" that asks where something is said or documented, not where something is. */
  notPlace: RegExp;
  cues: Record<AnswerKind, RegExp>;
  /** The words a question asks for each kind with, naming nothing else (askingWordsOf). */
  asking: Record<AnswerKind, string[]>;
  /** The cues' plain words (no pattern), what a passage stating the kind is looked up by (kindSearchWords). */
  cueWords: Record<AnswerKind, string[]>;
}

/** Alternatives as whole words (JavaScript's \b only knows ASCII letters). */
const words = (alternatives: string) => `(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`;
const re = (source: string) => new RegExp(source, "iu");
/** A question opening (after Spanish ¿ and opening quotes). */
const opens = (alternatives: string) => `^[\\s¿¡"'„“«]*${words(alternatives)}`;

/** What marks a fact whatever the language: a currency sign, a number, an e-mail address. */
const ANY_PRICE = "[$€£¥]|\\d";
const ANY_CONTACT = "\\d{3}|@";
/** A street number before or after a capitalised name ("12 Harbour Street", "Hauptstraße 5", "75001 Paris"). */
const ADDRESS = "\\d+[a-z]?\\s+(?:[NSEW]{1,2}\\s+)?\\p{Lu}\\p{L}+|\\p{Lu}\\p{L}+\\s+\\d+[a-z]?(?![\\p{L}\\p{N}])";

/** A number or one of a language's time cues, a plural "s" allowed ("los domingos", "le dimanche", "9"). */
const timeWordOf = (timeCues: string) => `(?:\\d|(?<![\\p{L}])(?:${timeCues})s?(?![\\p{L}\\p{N}]))`;

interface OpeningVerbs {
  verbs: string;
  /** The words that open an object (articles, demonstratives, possessives), then a space. */
  determiners: string;
  /** Articles elided against their noun (French, Italian "l'"). */
  elided?: string;
  /** What stands before a reflexive verb ("sich ein Fenster ", "s'", "se "): a thing opens, no one opens it. */
  reflexiveBefore?: string;
  /** A reflexive pronoun right after the verb ("öffnet sich", "abre-se"). */
  reflexiveAfter?: string;
  /** A question may open with the verb, its subject after it ("Öffnet der Laden am Sonntag?"). */
  verbFirst?: boolean;
}

/**
 * A verb of opening or closing asks for a time when something opens or closes — "Does the museum open on
 * Sundays?", "¿El museo abre los domingos?" —, not when it opens or closes a thing — "The About command opens
 * the About window", "Il comando apre la finestra", "dass sich ein Dialogfenster öffnet", a software manual's every
 * other sentence (docs/decisions/159-gimp-as-tuning-set.md). An object is a determiner and a word that
 * is no time word ("los domingos", "la domenica" are times); a reflexive verb says a thing opens. Where a question
 * opens with the verb (German, Dutch), what follows it is its subject: a time when a time word follows.
 */
function openingVerb(v: OpeningVerbs, timeCues: string): string {
  const timeWord = timeWordOf(timeCues);
  const object = `\\s+(?:${words(v.determiners)}\\s+${v.elided ? `|(?<![\\p{L}])(?:${v.elided})` : ""})(?!${timeWord})`;
  const before = v.reflexiveBefore ? `(?<!(?<![\\p{L}])(?:${v.reflexiveBefore}))` : "";
  const after = v.reflexiveAfter ? `|${v.reflexiveAfter}(?![\\p{L}])` : "";
  const first = v.verbFirst ? `|(?:^|[:;]\\s*)[\\s"'„“«]*${words(v.verbs)}(?=[^?]*${timeWord})` : "";
  return `${before}${words(v.verbs)}(?!${object}${after})${first}`;
}

interface States {
  /** The adjectives (participles) of being open or closed. */
  adjectives: string;
  /** The verbs that say a state ("está", "è", "est"). */
  copulas: string;
  /** Words at most between the verb and the adjective (a subject: "¿Está la tienda abierta?"). */
  between: number;
}

/**
 * Open or closed asks for a time when said as something's state — after a verb saying a state ("¿Está abierta la
 * tienda?", "Il negozio è aperto?", "Êtes-vous ouverts ?"), opening the question ("¿Abierto los domingos?") or
 * before a time word ("cerrado los lunes") —, not when it tells one thing from another: "un vetor fechado", "un
 * tracciato chiuso", "un chemin fermé" is a closed path (docs/decisions/161-a-closed-path-is-no-time.md).
 * Spanish and Portuguese say a state with "estar", never "ser": "es un trazado cerrado" says what it is.
 */
function stateOf(v: States, timeCues: string): string {
  const timeWord = timeWordOf(timeCues);
  const said = `(?<![\\p{L}])(?:${v.copulas})(?:-\\p{L}+)*(?:\\s+[\\p{L}']+){0,${v.between}}\\s+`;
  return `(?:${said}|^[\\s¿¡"'„“«]*)${words(v.adjectives)}|${words(v.adjectives)}(?=(?:\\s+[^\\s?]+){0,2}?\\s+${timeWord})`;
}

/**
 * A noun of opening or closing ("ouverture", "apertura", "chiusura") asks for a time only beside a time word —
 * "heures d'ouverture", "giorni di chiusura", "Ouverture le dimanche ?", "chiusura alle 18" —, not when it names
 * the opening of a thing: "l'apertura automatica dell'immagine", "l'ouverture d'un fichier"
 * (docs/decisions/166-opening-a-thing-is-no-time.md). The time word comes right after the noun (one word
 * between at most), or before it joined by `of`.
 */
function besideTime(nouns: string, of: string, timeCues: string): string {
  const timeWord = timeWordOf(timeCues);
  return `${words(nouns)}(?=(?:\\s+[^\\s?]+)?\\s+${timeWord})|${timeWord}\\s+(?:${of})\\s*${words(nouns)}`;
}

/**
 * A participle of opening ("geöffnet", "geopend") asks for a time ("Haben Sie sonntags geöffnet?"), except in a
 * passive clause, where a thing is opened: "Das Bild wird in GIMP geöffnet", "wordt er een dialoogvenster geopend".
 */
const notPassive = (auxiliaries: string, participle: string) => `(?<!${words(auxiliaries)}[^?,;:.]*)${words(participle)}`;

/** German time cues, which also say when "Öffnen Sie" asks whether you are open. */
const GERMAN_TIME = "montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|werktags|wochenende|geschlossen|geöffnet|täglich|uhr|stunden?|minuten?|tage?n?|wochen?|monate?n?|jahre?n?|morgens|abends|mittags|vor|nach|bis|innerhalb";

/**
 * `placeOpens`: how a place question opens ("where is", "wo ist"), an adverb allowed after the interrogative
 * ("wo genau ist"); `placeOpening` instead, a whole pattern of its own.
 */
function vocabulary(v: {
  price: string;
  contact: string;
  place: string;
  placeOpens?: [interrogative: string, verbs: string];
  placeOpening?: string;
  notPlace: string;
  time: string;
  timeOpens: string;
  /** The verbs of opening and closing (openingVerb): a time asked for only when nothing is opened by them. */
  openingVerbs: OpeningVerbs;
  /** Open and closed said of something (stateOf): a time asked for only when said as its state. */
  states?: States;
  /** Nouns of opening and closing (besideTime): a time asked for only beside a time word, `of` joining them. */
  openingNouns?: { nouns: string; of: string };
  cues: Record<AnswerKind, string>;
  asking: Record<AnswerKind, string>;
}): KindVocabulary {
  const [interrogative, verbs] = v.placeOpens ?? ["", ""];
  const placeOpening = v.placeOpening ?? `^[\\s¿¡"'„“«]*${interrogative}(?: \\p{L}+)? ${words(verbs)}`;
  return {
    questions: [
      ["price", re(words(v.price))],
      ["contact", re(words(v.contact))],
      ["place", re(`${placeOpening}|${words(v.place)}`)],
      // A "when" opening a clause that a comma closes before the question itself is a condition, not a time asked
      // for: "When this feature is on, does LilyPond add links?", "Cuando esta funcionalidad está activada, …".
      ["time", re(`${opens(v.timeOpens)}(?![^,?;:]*,(?:\\s*[^\\s,?;:]+){3})|${v.time}|${openingVerb(v.openingVerbs, v.cues.time)}${v.states ? `|${stateOf(v.states, v.cues.time)}` : ""}${v.openingNouns ? `|${besideTime(v.openingNouns.nouns, v.openingNouns.of, v.cues.time)}` : ""}`)],
    ],
    notPlace: re(v.notPlace),
    cues: {
      price: re(`${ANY_PRICE}|${words(v.cues.price)}`),
      contact: re(`${ANY_CONTACT}|${words(v.cues.contact)}`),
      // The words that make a question ask for a place say one in a sentence too ("la ubicación donde …").
      place: re(`${ADDRESS}|${words(v.cues.place)}|${words(v.place)}`),
      time: re(`\\d|${words(v.cues.time)}`),
    },
    asking: {
      price: v.asking.price.split(/\s+/),
      contact: v.asking.contact.split(/\s+/),
      place: v.asking.place.split(/\s+/),
      time: v.asking.time.split(/\s+/),
    },
    cueWords: {
      price: plainWords(v.cues.price),
      contact: plainWords(v.cues.contact),
      place: plainWords(v.cues.place),
      time: plainWords(v.cues.time),
    },
  };
}

/**
 * The words an alternation of cues spells out ("dollars?" is "dollar" and "dollars", "anruf\\w*" is "anruf",
 * "ubicad[oa]" is "ubicado"): what a search looks them up by.
 */
function plainWords(alternatives: string): string[] {
  return alternatives.split("|").flatMap((a) => {
    const word = a.replace(/\\[wp](?:\{L\})?\*$/u, "").replace(/\[(.)[^\]]*\]/gu, "$1");
    const optional = /^(.*?)(.)\?(.*)$/u.exec(word);
    const forms = optional ? [`${optional[1]}${optional[3]}`, `${optional[1]}${optional[2]}${optional[3]}`] : [word];
    return forms.filter((f) => /^[\p{L} ]+$/u.test(f) && !f.includes("?"));
  });
}

const VOCABULARIES: Record<string, KindVocabulary> = {
  en: vocabulary({
    price: "how much|price|prices|cost|costs|fee|fees",
    contact: "phone|telephone|call|e-?mail|contact",
    placeOpening: `^[\\s"']*where(?:'s|(?![\\p{L}]).*${words("is|are|located|situated|find")})`,
    place: "address|located|location",
    notPlace: words("explain\\w*|describ\\w*|document\\w*|mention\\w*|stat(?:ed|es)|written|says?|said|cover(?:ed|s)?|discuss\\w*|defin\\w*|listed|shown|read|learn|information|details|docs|page"),
    timeOpens: "when|what time",
    time: words("opening (?:hours|times)|(?:are|is) (?:you|it|they|the \\p{L}+) (?:open|closed)|closing time|open (?:on|at|until|till|today|tomorrow|now|late|early)"),
    openingVerbs: { verbs: "opens|closes", determiners: "the|a|an|this|that|these|those|its|his|her|their|your|my|our|any|each|every|all|new" },
    cues: {
      price: "free|usd|eur|gbp|dollars?|euros?|pounds?",
      contact: "phone|call|e-?mail|form|chat",
      place: "street|st|avenue|ave|road|rd|boulevard|blvd|lane|drive|square|plaza|floor|suite|located|address|directions|corner|opposite|next to|online",
      time: "monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays?|weekends?|closed|open|daily|hours?|minutes?|days?|weeks?|months?|years?|morning|evening|night|noon|season|before|after|until|within",
    },
    asking: {
      place: "located location address situated based",
      contact: "phone telephone number call email e-mail contact reach",
      time: "open opening hours times",
      price: "cost costs price prices fee fees charge much",
    },
  }),
  de: vocabulary({
    price: "wie ?viel(?:e)? kostet|was kostet|kostet|kosten|preis|preise|gebühr|gebühren",
    contact: "telefon|telefonnummer|rufnummer|anrufen|e-?mail|kontakt|kontaktieren|erreichen|erreiche",
    placeOpens: ["wo", "ist|sind|befindet|befinden|liegt|liegen|finde ich|gibt es"],
    place: "adresse|anschrift|standort|befindet sich|gelegen",
    notPlace: `${opens("wo steht|wo stehen")}|${words("erklärt|erklären|beschrieben|beschreibt|dokumentiert|erwähnt|nachlesen|informationen|steht geschrieben")}`,
    timeOpens: "wann|um wie ?viel uhr",
    // "Öffnen Sie" asks whether you are open only at the question's end or before a time word, not in "Öffnen Sie das Menü".
    time: `${words("öffnungszeiten|offen")}|${notPassive("wird|werden|wurde|wurden|worden", "geöffnet")}|${words("öffnen sie")}(?=\\s*[?.!]|(?:\\s+[^\\s?]+)?\\s+${timeWordOf(GERMAN_TIME)})`,
    openingVerbs: {
      verbs: "öffnet|schließt",
      determiners: "der|die|das|den|dem|des|ein|eine|einen|einem|eines|einer|diese|dieser|dieses|diesen|sein|seine|seinen|ihr|ihre|ihren|alle|neue|neuen|neues",
      reflexiveBefore: "sich(?:\\s+\\p{L}+){0,3}\\s+",
      reflexiveAfter: "\\s+sich",
      verbFirst: true,
    },
    cues: {
      price: "kostenlos|gratis|umsonst|euro|eur|franken|chf",
      contact: "telefon|anruf\\w*|e-?mail|formular|chat",
      place: "straße|str|weg|platz|allee|gasse|stock|etage|adresse|gegenüber|neben|online",
      time: GERMAN_TIME,
    },
    asking: {
      place: "befinden befindet liegt liegen adresse anschrift standort gelegen",
      contact: "telefon telefonnummer nummer rufnummer anrufen email e-mail kontakt kontaktieren erreichen erreiche",
      time: "geöffnet offen öffnungszeiten öffnet öffnen",
      price: "kostet kosten preis preise gebühr gebühren",
    },
  }),
  fr: vocabulary({
    price: "combien|prix|tarifs?|coût|coûts|coûte|coûtent|frais",
    contact: "téléphone|appeler|joindre|courriel|e-?mail|contact|contacter",
    placeOpens: ["où", "est|sont|êtes|se trouve|se trouvent|se situe|trouver"],
    place: "adresse|situé|située|situés|situées|emplacement|localisation",
    notPlace: words("expliqu\\p{L}*|décri\\p{L}*|documenté\\p{L}*|mentionné\\p{L}*|dit|indiqué\\p{L}*|parle|informations?|page"),
    timeOpens: "quand|à quelle heure",
    time: words("horaires"),
    openingNouns: { nouns: "fermeture|ouverture", of: "de|d'|du|des" },
    states: { adjectives: "ouvert|ouverte|ouverts|ouvertes|fermé|fermée|fermés|fermées", copulas: "est|sont|êtes|es|sera|seront|serez|reste|restent|restez", between: 1 },
    openingVerbs: {
      verbs: "ouvre|ouvrez|ferme|fermez",
      determiners: "le|la|les|un|une|des|du|ce|cet|cette|ces|son|sa|ses|leur|leurs|votre|vos|notre|nos|mon|ma|mes|tout|toute|tous|toutes",
      elided: "l'",
      reflexiveBefore: "s'|se\\s+",
    },
    cues: {
      price: "gratuit|gratuite|gratuits|euros?|eur",
      contact: "téléphone|appel\\p{L}*|e-?mail|courriel|formulaire|chat",
      place: "rue|avenue|boulevard|bd|place|chemin|allée|quai|étage|adresse|en face|à côté|en ligne",
      time: "lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|semaine|week-end|fermé|fermée|ouvert|ouverte|tous les jours|heures?|h|minutes?|jours?|mois|ans?|années?|matin|soir|midi|avant|après|jusqu|pendant",
    },
    asking: {
      place: "situé située situés situées adresse trouve trouvez emplacement localisation",
      contact: "téléphone numéro appeler joindre courriel email e-mail contact contacter",
      time: "ouvert ouverte ouverts ouvertes ouvrez horaires ouverture",
      price: "coûte coûtent coût coûts prix tarif tarifs frais combien",
    },
  }),
  es: vocabulary({
    // "Cuanto" asks an amount (unaccented as visitors type it), but not in "en cuanto a" (regarding), "en cuanto"
    // (as soon as), "por cuanto" (since), "todo cuanto" (all that), "cuanto antes / más / menos".
    price: "cuánto|(?<!(?:^|[\\s¿¡\"'«])(?:en|por|todo|tanto) )cuanto(?! (?:antes|m[aá]s|menos)(?![\\p{L}]))|precios?|costos?|costes?|cuesta|cuestan|tarifas?",
    contact: "tel[eé]fono|llamar|llamo|correo|e-?mail|contacto|contactar",
    placeOpens: ["d[oó]nde", "est[aá]|est[aá]n|queda|quedan|se encuentra|se encuentran|se ubica|encuentro"],
    place: "direcci[oó]n|ubicaci[oó]n|ubicad[oa]s?|situad[oa]s?",
    notPlace: words("explica\\p{L}*|describ\\p{L}*|descrit\\p{L}*|document\\p{L}*|menciona\\p{L}*|dice|habla|informaci[oó]n|p[aá]gina"),
    timeOpens: "cu[aá]ndo|a qu[eé] hora",
    time: words("horarios?"),
    states: { adjectives: "abiert[oa]s?|cerrad[oa]s?", copulas: "est[aá]n?|est[aá]s|est[aá]is|estamos|estar[aá]n?|estaban?|sigue|siguen", between: 2 },
    openingVerbs: {
      verbs: "abren?|cierran?",
      determiners: "el|la|los|las|un|una|unos|unas|este|esta|estos|estas|ese|esa|esos|esas|su|sus|nuestro|nuestra|todos|todas",
      reflexiveBefore: "se\\s+",
    },
    cues: {
      price: "gratis|gratuit[oa]|euros?|d[oó]lares?|pesos?",
      contact: "tel[eé]fono|llam\\p{L}*|correo|e-?mail|formulario|chat",
      place: "calle|avenida|avda|plaza|paseo|piso|planta|direcci[oó]n|enfrente|al lado|en l[ií]nea",
      time: "lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|semana|fin de semana|cerrado|abierto|diario|horas?|minutos?|d[ií]as?|meses|mes|años?|mañana|tarde|noche|antes|despu[eé]s|hasta|dentro",
    },
    asking: {
      place: "ubicado ubicada ubicados ubicadas situado situada situados situadas dirección ubicación encuentran",
      contact: "teléfono número llamar correo email e-mail contacto contactar",
      time: "abierto abierta abiertos abiertas abren abre horario horarios",
      price: "cuesta cuestan cuánto precio precios coste costo tarifa tarifas",
    },
  }),
  it: vocabulary({
    price: "quanto costa|quanto costano|prezzo|prezzi|costo|costi|costa|costano|tariffa|tariffe",
    contact: "telefono|chiamare|chiamo|e-?mail|contatto|contatti|contattare",
    placeOpening: `^[\\s"'«]*(?:dov'è|dove(?: \\p{L}+)? ${words("è|e'|sono|siete|si trova|si trovano|trovo|trovate")})`,
    place: "indirizzo|sede|situat[oa]|ubicazione",
    notPlace: words("spiega\\p{L}*|descri\\p{L}*|document\\p{L}*|menziona\\p{L}*|dice|parla|informazion\\p{L}*|pagina"),
    timeOpens: "quando|a che ora",
    time: words("orari|orario"),
    openingNouns: { nouns: "apertura|chiusura", of: "di|d'|del|della|dell'" },
    states: { adjectives: "apert[oaie]|chius[oaie]", copulas: "è|e'|sono|siete|sei|sarà|saranno|sarete|rimane|rimangono|resta|restano", between: 1 },
    openingVerbs: {
      verbs: "apre|aprite|chiude|chiudete",
      determiners: "il|lo|la|i|gli|le|un|uno|una|questo|questa|questi|queste|quel|quello|quella|suo|sua|suoi|sue|tutti|tutte",
      elided: "l'|un'|quell'|dell'",
      reflexiveBefore: "si\\s+",
    },
    cues: {
      price: "gratis|gratuit[oa]|euro",
      contact: "telefono|chiam\\p{L}*|e-?mail|modulo|chat",
      place: "via|viale|piazza|corso|vicolo|piano|indirizzo|di fronte|accanto|online",
      time: "lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|settimana|fine settimana|chius[oa]|apert[oa]|ogni giorno|ore|ora|minuti|giorni|mesi|anni|mattina|sera|prima|dopo|fino|entro",
    },
    asking: {
      place: "trovate trova trovo indirizzo sede situato situata situati ubicazione",
      contact: "telefono numero chiamare email e-mail contatto contatti contattare",
      time: "aperto aperta aperti aperte apre aprite orari orario",
      price: "costa costano costo costi prezzo prezzi tariffa tariffe quanto",
    },
  }),
  nl: vocabulary({
    price: "hoeveel kost|hoeveel kosten|wat kost|prijs|prijzen|kosten|kost|tarief|tarieven",
    contact: "telefoon|telefoonnummer|bellen|e-?mail|contact|bereiken",
    placeOpens: ["waar", "is|zijn|ligt|liggen|bevindt|bevinden|vind ik"],
    place: "adres|locatie|gelegen|gevestigd",
    notPlace: `${opens("waar staat|waar staan|waar wordt|waar worden")}|${words("uitgelegd|beschreven|gedocumenteerd|vermeld|informatie|pagina")}`,
    timeOpens: "wanneer|hoe laat",
    time: `${words("openingstijden|openingsuren|(?:zijn|is) (?:jullie|u|het|de \\p{L}+) (?:open|gesloten)|open op")}|${notPassive("wordt|worden|werd|werden", "geopend")}`,
    openingVerbs: { verbs: "sluit|sluiten", determiners: "de|het|een|deze|dit|die|dat|zijn|haar|hun|uw|je|jouw|ons|onze|alle", verbFirst: true },
    cues: {
      price: "gratis|euro",
      contact: "telefoon|bel\\p{L}*|e-?mail|formulier|chat",
      place: "straat|laan|plein|weg|gracht|kade|verdieping|adres|tegenover|naast|online",
      time: "maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|werkdagen|weekend|gesloten|geopend|dagelijks|uur|uren|minuten|dagen|weken|maanden|jaren|ochtend|avond|voor|na|tot|binnen",
    },
    asking: {
      place: "gevestigd gelegen adres locatie ligt bevindt",
      contact: "telefoon telefoonnummer nummer bellen email e-mail contact bereiken",
      time: "open geopend openingstijden openingsuren",
      price: "kost kosten prijs prijzen tarief tarieven hoeveel",
    },
  }),
  pt: vocabulary({
    price: "quanto custa|quanto custam|preço|preços|custo|custos|custa|custam|tarifas?",
    // "Ligar" is to call only said of someone — "ligar para", "ligar-nos", or the question's last word ("o número
    // para ligar") —: "ligar o computador", "ligar à rede", "ligar sem palavras-passe" switch on or connect.
    contact: "telefone|ligar-(?:nos|vos|lhes?|me|te)|ligar(?= para(?![\\p{L}])|\\s*[?!.]*\\s*$)|e-?mail|contato|contacto|contatar|contactar",
    placeOpens: ["onde", "fica|ficam|é|está|estão|se encontra|se encontram|encontro"],
    place: "endereço|localização|localizad[oa]|situad[oa]",
    notPlace: words("explica\\p{L}*|descrev\\p{L}*|descrit\\p{L}*|document\\p{L}*|menciona\\p{L}*|diz|fala|informaç\\p{L}*|página"),
    timeOpens: "quando|a que horas",
    time: words("horários?"),
    states: { adjectives: "abert[oa]s?|fechad[oa]s?", copulas: "est[aá]|est[aã]o|estás|estamos|estar[aá]|estar[aã]o|estava|estavam|fica|ficam|ficar[aá]", between: 2 },
    openingVerbs: {
      verbs: "abre|abrem|fecha|fecham",
      determiners: "o|a|os|as|um|uma|uns|umas|este|esta|estes|estas|esse|essa|esses|essas|seu|sua|seus|suas|nosso|nossa|todos|todas",
      reflexiveBefore: "se\\s+",
      reflexiveAfter: "-se",
    },
    cues: {
      price: "grátis|gratuit[oa]|reais|real|euros?",
      contact: "telefone|lig\\p{L}*|e-?mail|formulário|chat",
      place: "rua|avenida|av|praça|travessa|andar|endereço|em frente|ao lado|online",
      time: "segunda|terça|quarta|quinta|sexta|sábado|domingo|semana|fim de semana|fechad[oa]|abert[oa]|diariamente|horas?|minutos?|dias?|meses|mês|anos?|manhã|tarde|noite|antes|depois|até|dentro",
    },
    asking: {
      place: "ficam fica localizado localizada localizados localizadas situado situada endereço localização",
      contact: "telefone número ligar email e-mail contato contacto",
      time: "abertos abertas aberto aberta abre abrem horário horários",
      price: "custa custam custo custos preço preços tarifa tarifas quanto",
    },
  }),
};

/** A language's kind vocabulary; English for a language without one (the universal cues still hold). */
const vocabularyOf = (language: string | null | undefined) => VOCABULARIES[primaryLanguage(language)] ?? VOCABULARIES.en!;

/** The kind of fact a question asks for, or null (most questions). */
export function answerKind(question: string, language: string | null | undefined): AnswerKind | null {
  return kindAsked(question, language)?.kind ?? null;
}

/**
 * The kind a question asks for (answerKind) and the words that ask for it, as the question writes them ("está
 * abierta", "chiude", "Kontakt"), unless those open the question ("When do you open?", "¿Dónde está …?"): the
 * interrogative of a question is never said by the sentence answering it. For grounding's rule that a sentence
 * restated asks for no kind its own words asked (docs/decisions/172-a-sentence-restated-asks-for-no-kind.md).
 */
export function kindAsked(question: string, language: string | null | undefined): { kind: AnswerKind; words: string | null } | null {
  const v = vocabularyOf(language);
  const text = question.normalize("NFC").replace(/[’]/g, "'");
  for (const [kind, pattern] of v.questions) {
    const match = pattern.exec(text);
    if (!match) continue;
    if (kind === "place" && v.notPlace.test(text)) continue;
    const opening = /^[\s¿¡"'„“«]*$/u.test(text.slice(0, match.index));
    return { kind, words: opening || !match[0].trim() ? null : match[0].trim() };
  }
  return null;
}

/**
 * Whether a sentence carries the kind of fact asked for, read in its passage's `language` or in the question's
 * (`asked`): a passage read as one language may hold a sentence of another — the Spanish request to write to the
 * mailing list that closes a passage of English bibliography (docs/decisions/155-a-kind-cue-in-the-questions-language.md).
 */
export function carriesKind(kind: AnswerKind, sentence: string, language: string | null | undefined, asked?: string | null): boolean {
  const text = sentence.normalize("NFC");
  if (vocabularyOf(language).cues[kind].test(text)) return true;
  return asked != null && vocabularyOf(asked) !== vocabularyOf(language) && vocabularyOf(asked).cues[kind].test(text);
}

/**
 * The words a question asks for a kind of fact with, naming nothing else ("located", "phone number", "open",
 * "cost"): a question whose content is only these asks for the kind itself (terms.ts askedKindOnly).
 */
export function askingWordsOf(kind: AnswerKind, language: string | null | undefined): readonly string[] {
  return vocabularyOf(language).asking[kind];
}

/** What a passage stating a kind of fact is looked up by: the kind's asking words and its cues' plain words. */
export function kindSearchWords(kind: AnswerKind, language: string | null | undefined): string[] {
  const v = vocabularyOf(language);
  return [...new Set([...v.asking[kind], ...v.cueWords[kind]])];
}
