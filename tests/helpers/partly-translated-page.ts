/**
 * A French edition's page whose translators have done one section of three (the Debian Handbook's, the Debian
 * Reference's): the page reads as English, its French passage is French
 * (docs/decisions/144-passages-in-their-own-language.md). Each section is long enough to be a passage of its own.
 */
export const BOOT = [
  "The journal keeps the logs of every boot of the machine, and each service writes its messages there instead of in its own files.",
  "The journal conserves disk space by compressing old entries, and an administrator reads it with journalctl, filtered by unit, priority or time.",
  "Messages of the kernel and of the early boot are in it too, so a failure before the network comes up can still be read after the next boot.",
  "When the machine has no persistent storage configured, the logs are kept in memory and lost at shutdown; creating the folder under var makes them persistent.",
  "Its size is bounded by a share of the file system it lives on, and the oldest entries are dropped first when that share is reached.",
  "Access to it is limited to the administrators and to the members of a dedicated group, since messages can hold private details.",
].join(" ");
export const FRENCH = [
  "Les journaux sont conservés pendant une semaine, puis compressés et archivés ; au bout de quatre semaines, les plus anciens sont supprimés.",
  "Cette durée se règle dans le fichier de configuration de logrotate, qui décide aussi combien de temps chaque journal reste lisible sans être décompressé.",
  "Les journaux des services très bavards peuvent être tournés chaque jour plutôt que chaque semaine, et leur taille limitée pour ne pas remplir le disque.",
  "Après la rotation, le service concerné reçoit un signal qui lui demande de rouvrir ses fichiers, sans quoi il continuerait à écrire dans les journaux archivés.",
  "Une règle propre à chaque service se place dans un fichier à part du répertoire prévu à cet effet, que le paquet du service installe souvent lui-même.",
  "Pour vérifier une règle sans attendre la prochaine rotation, on peut lancer logrotate à la main en mode de débogage : il décrit alors ce qu'il ferait.",
].join(" ");
export const REMOTE = [
  "A central log server receives the messages of every machine on the network, which keeps them when a machine is lost or compromised.",
  "Each machine forwards its messages over TCP, with TLS when the network is not trusted, and queues them on disk while the server cannot be reached.",
  "The server sorts what it receives by host and by facility into separate files, and its own rotation settings decide how long they stay there.",
  "Forwarding does not replace the local logs: both are kept, and a machine that cannot reach the server still has its own copy to read.",
  "The server's address and port are set in one line of the forwarding rules, and the same rules can send only the messages of chosen facilities.",
  "A firewall between the machines must let that port through, or the queue grows until the link is restored.",
].join(" ");

/** The page's HTML with the given sections, each an `<h2>` and a paragraph, under the title "Journaux". */
export const journalsPage = (sections: Array<[string, string]>) =>
  `<html><head><title>Journaux</title></head><body><h1>Journaux</h1>${sections.map(([h, p]) => `<h2>${h}</h2><p>${p}</p>`).join("")}</body></html>`;
