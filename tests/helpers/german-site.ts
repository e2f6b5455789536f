import { startTestSite } from "./test-site";

/**
 * A small German website, as a bicycle workshop in Leipzig would publish it (`<html lang="de">`, one topic a
 * page, linked from the home page): what the visitor-language journey trains a German chatbot on.
 */
export const GERMAN_WORKSHOP: Record<string, { title: string; paragraphs: string[] }> = {
  "/": {
    title: "Radwerkstatt Speiche – Ihre Fahrradwerkstatt in Leipzig",
    paragraphs: [
      "Seit 1998 reparieren wir in der Radwerkstatt Speiche Fahrräder aller Marken: Stadträder, Rennräder, Lastenräder und E-Bikes.",
      "Auf diesen Seiten finden Sie unsere Öffnungszeiten, die Preise für Inspektionen, unseren E-Bike-Service und das kostenlose Leihrad während der Reparatur.",
    ],
  },
  "/oeffnungszeiten": {
    title: "Öffnungszeiten und Anfahrt",
    paragraphs: [
      "Unsere Werkstatt in der Karl-Heine-Straße 47 in Leipzig-Plagwitz ist montags bis freitags von 9 bis 18 Uhr geöffnet, samstags von 10 bis 14 Uhr.",
      "An Sonn- und Feiertagen bleibt die Werkstatt geschlossen. Mit der Straßenbahnlinie 14 fahren Sie bis zur Haltestelle Felsenkeller; von dort sind es drei Minuten zu Fuß.",
    ],
  },
  "/inspektion": {
    title: "Inspektion und Preise",
    paragraphs: [
      "Eine große Inspektion kostet 89 Euro und dauert in der Regel zwei Werktage. Dabei prüfen und stellen wir Bremsen, Schaltung, Kette, Laufräder und Beleuchtung ein.",
      "Die kleine Inspektion für 49 Euro umfasst den Bremsen- und Schaltungscheck sowie das Reinigen und Ölen der Kette. Ersatzteile berechnen wir nach Aufwand und besprechen sie vorher mit Ihnen.",
    ],
  },
  "/e-bike-service": {
    title: "E-Bike-Service",
    paragraphs: [
      "Für E-Bikes mit Motoren von Bosch, Shimano und Brose lesen wir den Fehlerspeicher aus und spielen Software-Updates ein.",
      "Den Akku testen wir kostenlos auf seine verbleibende Kapazität. Ein Akku gilt als verschlissen, wenn er weniger als 60 Prozent seiner ursprünglichen Kapazität erreicht.",
    ],
  },
  "/leihrad": {
    title: "Leihrad während der Reparatur",
    paragraphs: [
      "Während Ihr Fahrrad bei uns in der Werkstatt steht, leihen wir Ihnen kostenlos ein Ersatzrad. Bitte bringen Sie dafür Ihren Personalausweis mit.",
      "Lastenräder können Sie für 25 Euro am Tag mieten; eine Reservierung ist per Telefon unter 0341 2345678 möglich.",
    ],
  },
};

function html(path: string): string {
  const { title, paragraphs } = GERMAN_WORKSHOP[path]!;
  const links = Object.entries(GERMAN_WORKSHOP)
    .map(([href, page]) => `<a href="${href}">${page.title.split(" – ")[0]}</a>`)
    .join(" ");
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${title}</title></head><body><nav>${links}</nav>
<main><article><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join("\n")}</article></main><footer>Radwerkstatt Speiche · Karl-Heine-Straße 47 · 04229 Leipzig</footer></body></html>`;
}

/** The workshop's site on 127.0.0.1 (every page links to every other). */
export function startGermanWorkshopSite() {
  return startTestSite(Object.fromEntries(Object.keys(GERMAN_WORKSHOP).map((path) => [path, { body: html(path) }])));
}
