import { describe, expect, it } from "vitest";
import { answerKind, carriesKind, type AnswerKind } from "./kinds";
import { asksHowTo } from "./procedure";

/** Each question, in its language, asks for `kind`. */
const expectKind = (cases: Array<[language: string, question: string]>, kind: AnswerKind | null) => {
  for (const [language, question] of cases) expect(answerKind(question, language), question).toBe(kind);
};

describe("the kind of fact a question asks for, per language", () => {
  it.each([
    ["en", "Where is the shop?", "place"],
    ["en", "where exactly is your shop situated", "place"],
    ["en", "When do you open on Sunday?", "time"],
    ["en", "How much is a tune-up?", "price"],
    ["en", "phone number for the pearl store", "contact"],
    ["de", "Wo ist Ihr Laden?", "place"],
    ["de", "Wo genau befindet sich der Laden?", "place"],
    ["de", "Wann öffnet der Laden am Samstag?", "time"],
    ["de", "Wie viel kostet eine Reparatur?", "price"],
    ["fr", "Où se trouve votre magasin ?", "place"],
    ["fr", "À quelle heure ouvrez-vous ?", "time"],
    ["fr", "Combien coûte une réparation ?", "price"],
    ["es", "¿Dónde está la tienda?", "place"],
    ["es", "¿Cuándo abren el domingo?", "time"],
    ["es", "¿Cuánto cuesta una reparación?", "price"],
    ["it", "Dove si trova il negozio?", "place"],
    ["it", "Quanto costa una riparazione?", "price"],
    ["nl", "Waar is de winkel?", "place"],
    ["nl", "Hoeveel kost een reparatie?", "price"],
    ["pt", "Onde fica a loja?", "place"],
    ["pt", "Quanto custa um reparo?", "price"],
    ["pt", "Qual é o seu telefone?", "contact"],
  ])("%s: %s → %s", (language, question, kind) => {
    expect(answerKind(question, language)).toBe(kind);
  });

  it.each([
    ["en", "Where is it explained that packages are signed?"],
    ["en", "Where is it documented how to configure the proxy?"],
    ["en", "Where can I read about hooks?"],
    ["de", "Wo steht: „Pakete werden signiert“?"],
    ["de", "Wo wird erklärt, wie man Pakete installiert?"],
    ["fr", "Où est-il expliqué que les paquets sont signés ?"],
    ["es", "¿Dónde se explica que los paquetes están firmados?"],
    ["it", "Dove si spiega che i pacchetti sono firmati?"],
    ["nl", "Waar staat dat pakketten ondertekend zijn?"],
    ["pt", "Onde se explica que os pacotes são assinados?"],
  ])("%s: “%s” asks for a page, not a place", (language, question) => {
    expect(answerKind(question, language)).not.toBe("place");
  });

  it("Spanish “cuanto” asks an amount, accented or not, but not as “en cuanto a”, “por cuanto”, “cuanto antes”", () => {
    expectKind([["es", "¿Cuanto cuesta una reparación?"], ["es", "cuanto vale el envío"], ["es", "¿Cuánto es?"]], "price");
    expectKind(
      [
        ["es", "¿Debian se basa en el estándar FHS en cuanto a directorios y nombres?"],
        ["es", "En cuanto a los paquetes, ¿se firman?"],
        ["es", "¿Se instala en cuanto arranca el sistema?"],
        ["es", "¿Es válido por cuanto lo dice la licencia?"],
        ["es", "¿Hay que actualizar cuanto antes?"],
      ],
      null,
    );
  });

  it("most questions ask for no kind of fact; opening a file is no opening hour", () => {
    expect(answerKind("Do you sell gravel bikes?", "en")).toBeNull();
    expect(answerKind("How do I open a file?", "en")).toBeNull();
    expect(answerKind("Was ist debconf?", "de")).toBeNull();
  });

  it("Portuguese “ligar” is a call only said of someone: switching on or connecting something is none", () => {
    for (const question of ["Como posso ligar para vocês?", "Posso ligar-vos amanhã?", "Qual é o número para ligar?"]) expect(answerKind(question, "pt"), question).toBe("contact");
    for (const question of ["Como ligar sem palavras-passe remotas?", "Como ligar o computador?", "Como ligar à rede sem fios?"]) expect(answerKind(question, "pt"), question).toBeNull();
  });

  it("a \"when\" clause closed by a comma before the question is a condition, not a time asked for", () => {
    const conditions: Array<[string, string]> = [
      ["en", "When this feature is on, does LilyPond add links to the PDF files?"],
      ["es", "¿Cuando esta funcionalidad está activada, LilyPond añade enlaces a los archivos PDF y SVG?"],
      ["fr", "Quand cette fonction est activée, LilyPond ajoute-t-il des liens ?"],
      ["it", "Quando questa funzione è attiva, LilyPond aggiunge dei collegamenti?"],
      ["nl", "Wanneer deze functie aan staat, voegt LilyPond koppelingen toe?"],
      ["pt", "Quando esta funcionalidade está ativada, o LilyPond adiciona ligações aos ficheiros PDF?"],
    ];
    expectKind(conditions, null);
    const times: Array<[string, string]> = [
      ["en", "When are you open?"],
      ["en", "When are you open on Sunday, please?"],
      ["es", "¿Cuándo abren?"],
      ["pt", "Quando abrem, aos domingos?"],
      ["fr", "Quand êtes-vous ouverts ?"],
    ];
    expectKind(times, "time");
  });

  it("a verb of opening or closing asks for a time when something opens, not when it opens a thing", () => {
    const things: Array<[string, string]> = [
      ["en", "What is described as: The About command opens the About window?"],
      ["en", "Which command closes all images?"],
      ["de", "Welche Seite sagt: Der Befehl bewirkt, dass sich ein Dialogfenster öffnet, in welchem Sie Einheiten bearbeiten?"],
      ["de", "Stimmt das: Öffnet ein neues Dialogfenster und übergibt ihm den Fokus?"],
      ["de", "Es öffnet sich ein Fenster?"],
      ["fr", "Le fait de choisir « Tracer le chemin » ouvre une fenêtre de dialogue ?"],
      ["fr", "Ce menu ouvre l'éditeur ?"],
      ["fr", "La porte s'ouvre ?"],
      ["es", "¿El comando abre la ventana de diálogo?"],
      ["es", "¿La ventana se abre sola?"],
      ["it", "Il comando Scala livello apre la finestra di dialogo «Scala livello»?"],
      ["it", "Questo comando apre l'editor?"],
      ["it", "La finestra si apre?"],
      ["nl", "Dit commando sluit het venster?"],
      ["pt", "O comando Sobre abre a janela Sobre?"],
      ["pt", "A janela abre-se sozinha?"],
    ];
    expectKind(things, null);
    const times: Array<[string, string]> = [
      ["en", "The museum opens Sundays?"],
      ["de", "Öffnet der Laden am Sonntag?"],
      ["de", "Schließt das Geschäft am Montag?"],
      ["de", "Der Laden öffnet um 9 Uhr?"],
      ["fr", "Le magasin ouvre le dimanche ?"],
      ["es", "¿El museo abre los domingos?"],
      ["it", "Il negozio apre la domenica?"],
      ["it", "Il museo chiude alle 18?"],
      ["nl", "Sluit de winkel op zondag?"],
      ["pt", "A loja abre aos domingos?"],
      ["pt", "A loja fecha os sábados?"],
    ];
    expectKind(times, "time");
  });

  it("open or closed asks for a time when said as a state, not when it tells a closed path from an open one", () => {
    const things: Array<[string, string]> = [
      ["pt", "É verdade que você pode converter um vetor fechado em uma seleção?"],
      ["pt", "É um vetor fechado?"],
      ["es", "¿Puede convertir un trazado cerrado en una selección?"],
      ["es", "¿Es un trazado cerrado?"],
      ["fr", "Peut-on convertir un chemin fermé en sélection ?"],
      ["fr", "C'est un chemin fermé ?"],
      ["it", "Si può convertire un tracciato chiuso in selezione?"],
      ["it", "È un tracciato chiuso?"],
    ];
    expectKind(things, null);
    const times: Array<[string, string]> = [
      ["pt", "A loja está aberta no domingo?"],
      ["pt", "Vocês estão abertos?"],
      ["pt", "Aberto aos domingos?"],
      ["es", "¿Está abierta la tienda?"],
      ["es", "¿Está la tienda abierta hoy?"],
      ["es", "Museo cerrado los lunes?"],
      ["fr", "Êtes-vous ouverts le dimanche ?"],
      ["fr", "Le magasin est-il ouvert ?"],
      ["fr", "Ouvert le dimanche ?"],
      ["it", "Il negozio è aperto?"],
      ["it", "È aperto il negozio?"],
      ["it", "Aperto la domenica?"],
    ];
    expectKind(times, "time");
  });

  it("a noun or participle of opening asks for a time beside a time word or as a state, not when a thing is opened", () => {
    const things: Array<[string, string]> = [
      ["it", "Quale pagina dice che se le cose sono state impostate correttamente ciò produrrà l'apertura automatica dell'immagine con GIMP?"],
      ["it", "Dopo la chiusura della finestra, cosa succede?"],
      ["fr", "Où est-il expliqué que l'ouverture d'un fichier XCF conserve les calques ?"],
      ["fr", "La fermeture du dialogue annule-t-elle l'opération ?"],
      ["de", "Stimmt das: Öffnen Sie das Menü Datei?"],
      ["de", "Öffnen Sie Datei → Öffnen?"],
      ["de", "Wo steht: „Das Bild wird in GIMP geöffnet“?"],
      ["nl", "Welke pagina zegt: Hierdoor wordt er een klein dialoogvenster geopend waar je de URI kunt invoeren?"],
    ];
    expectKind(things, null);
    const times: Array<[string, string]> = [
      ["it", "Quali sono i giorni di chiusura?"],
      ["it", "Chiusura la domenica?"],
      ["it", "Apertura alle 9?"],
      ["fr", "Quelles sont vos heures d'ouverture ?"],
      ["fr", "Fermeture le lundi ?"],
      ["de", "Öffnen Sie am Sonntag?"],
      ["de", "Haben Sie sonntags geöffnet?"],
      ["de", "Ist der Laden geöffnet?"],
      ["nl", "Is de winkel zondag geopend?"],
    ];
    expectKind(times, "time");
  });

  it("a sentence carries the kind of fact in its own language", () => {
    expect(carriesKind("place", "Our shop is at 12 Harbour Street, Bristol.", "en")).toBe(true);
    expect(carriesKind("place", "Sie finden uns in der Hauptstraße 5.", "de")).toBe(true);
    expect(carriesKind("place", "Le magasin est rue de la Paix.", "fr")).toBe(true);
    expect(carriesKind("time", "Geöffnet montags bis freitags.", "de")).toBe(true);
    expect(carriesKind("time", "Abierto de lunes a viernes.", "es")).toBe(true);
    expect(carriesKind("price", "Gratuit pour les membres.", "fr")).toBe(true);
    expect(carriesKind("price", "We love bikes.", "en")).toBe(false);
    expect(carriesKind("contact", "Schreiben Sie an info@laden.example.", "de")).toBe(true);
  });

  it("a sentence read in another language than the question's carries the kind in the question's too", () => {
    // A Spanish sentence closing a passage of English bibliography, read as English.
    const sentence = "Le rogamos que nos lo haga saber escribiendo un mensaje a la lista de correo bug-lilypond.";
    expect(carriesKind("contact", sentence, "en")).toBe(false);
    expect(carriesKind("contact", sentence, "en", "es")).toBe(true);
    expect(carriesKind("contact", sentence, "es", "es")).toBe(true);
    expect(carriesKind("price", sentence, "en", "es")).toBe(false);
  });

  it("the words that make a question ask for a place say one in a sentence too", () => {
    expect(carriesKind("place", "Ponga el fichero en la ubicación donde pretende utilizarlo.", "es")).toBe(true);
    expect(carriesKind("place", "Placez le fichier à l'emplacement où vous voulez l'utiliser.", "fr")).toBe(true);
    expect(carriesKind("place", "The location of the file is given by PYTHONPATH.", "en")).toBe(true);
    expect(carriesKind("place", "Der Standort der Datei ist frei wählbar.", "de")).toBe(true);
    expect(carriesKind("place", "We love bikes.", "en")).toBe(false);
  });
});

describe("questions asking how to do something, per language", () => {
  it.each([
    ["en", "How do I install packages?", true],
    ["en", "how to reset my password", true],
    ["en", "How does APT work?", false],
    ["de", "Wie kann ich Pakete installieren?", true],
    ["de", "Wie benutze ich apt?", true],
    ["de", "Wie funktioniert APT?", false],
    ["fr", "Comment installer un paquet ?", true],
    ["fr", "Comment fonctionne APT ?", false],
    ["es", "¿Cómo instalar un paquete?", true],
    ["es", "¿Cómo se usa apt?", true],
    ["es", "¿Cómo funciona APT?", false],
    ["it", "Come si usa apt?", true],
    ["it", "Come funziona APT?", false],
    ["nl", "Hoe gebruik ik apt?", true],
    ["nl", "Hoe werkt APT?", false],
    ["pt", "Como usar o apt?", true],
    ["pt", "Como funciona o APT?", false],
  ])("%s: %s → %s", (language, question, howTo) => {
    expect(asksHowTo(question, language)).toBe(howTo);
  });
});
