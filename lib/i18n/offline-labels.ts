// The words of a menu opened offline (public/sw.js keeps the menus a diner has opened): the line
// over a saved copy and the page for a menu that was never saved. In each language a menu page may
// be in, with the same fallback rule as the menu's and the frame's labels. The page hands them to
// the service worker, which has no other way to speak the menu's language.
import { labelLanguage } from "./label-language";

export interface OfflineLabels {
  /** the language the words are in */
  lang: string;
  /** {date}: when the copy was saved, in the page's language */
  savedCopy: string;
  /** the heading of the page answered offline for a page that was never saved */
  offlineTitle: string;
  notSaved: string;
  /** the heading of the list of menus saved on the device */
  savedPages: string;
}

type Table = Omit<OfflineLabels, "lang">;

const TABLES: Record<string, Table> = {
  en: {
    savedCopy: "You are offline. This is the copy saved on this device on {date}.",
    offlineTitle: "You are offline",
    notSaved: "This menu has not been opened on this device yet, so there is no copy of it here. It opens as soon as you are online again.",
    savedPages: "Menus saved on this device",
  },
  de: {
    savedCopy: "Sie sind offline. Dies ist die auf diesem Gerät gespeicherte Kopie vom {date}.",
    offlineTitle: "Sie sind offline",
    notSaved: "Diese Speisekarte wurde auf diesem Gerät noch nicht geöffnet, daher gibt es hier keine Kopie. Sie öffnet sich, sobald Sie wieder online sind.",
    savedPages: "Auf diesem Gerät gespeicherte Speisekarten",
  },
  fr: {
    savedCopy: "Vous êtes hors ligne. Voici la copie enregistrée sur cet appareil le {date}.",
    offlineTitle: "Vous êtes hors ligne",
    notSaved: "Cette carte n’a pas encore été ouverte sur cet appareil : il n’en existe donc pas de copie ici. Elle s’ouvrira dès que vous serez de nouveau en ligne.",
    savedPages: "Cartes enregistrées sur cet appareil",
  },
  it: {
    savedCopy: "Sei offline. Questa è la copia salvata su questo dispositivo il {date}.",
    offlineTitle: "Sei offline",
    notSaved: "Questo menù non è ancora stato aperto su questo dispositivo, quindi qui non ce n’è una copia. Si aprirà appena sarai di nuovo online.",
    savedPages: "Menù salvati su questo dispositivo",
  },
  es: {
    savedCopy: "Estás sin conexión. Esta es la copia guardada en este dispositivo el {date}.",
    offlineTitle: "Estás sin conexión",
    notSaved: "Esta carta aún no se ha abierto en este dispositivo, así que no hay una copia aquí. Se abrirá en cuanto vuelvas a tener conexión.",
    savedPages: "Cartas guardadas en este dispositivo",
  },
  pt: {
    savedCopy: "Está sem ligação. Esta é a cópia guardada neste dispositivo em {date}.",
    offlineTitle: "Está sem ligação",
    notSaved: "Esta ementa ainda não foi aberta neste dispositivo, por isso não há aqui uma cópia. Abre assim que voltar a ter ligação.",
    savedPages: "Ementas guardadas neste dispositivo",
  },
  "pt-BR": {
    savedCopy: "Você está sem conexão. Esta é a cópia salva neste aparelho em {date}.",
    offlineTitle: "Você está sem conexão",
    notSaved: "Este cardápio ainda não foi aberto neste aparelho, então não há uma cópia dele aqui. Ele abre assim que você estiver conectado de novo.",
    savedPages: "Cardápios salvos neste aparelho",
  },
  pl: {
    savedCopy: "Jesteś offline. To kopia zapisana na tym urządzeniu {date}.",
    offlineTitle: "Jesteś offline",
    notSaved: "To menu nie było jeszcze otwierane na tym urządzeniu, więc nie ma tu jego kopii. Otworzy się, gdy znów będziesz online.",
    savedPages: "Menu zapisane na tym urządzeniu",
  },
  cs: {
    savedCopy: "Jste offline. Toto je kopie uložená v tomto zařízení {date}.",
    offlineTitle: "Jste offline",
    notSaved: "Tento jídelní lístek jste na tomto zařízení ještě neotevřeli, proto tu není jeho kopie. Otevře se, jakmile budete znovu online.",
    savedPages: "Jídelní lístky uložené v tomto zařízení",
  },
  sv: {
    savedCopy: "Du är offline. Det här är kopian som sparades på den här enheten {date}.",
    offlineTitle: "Du är offline",
    notSaved: "Den här menyn har inte öppnats på den här enheten än, så det finns ingen kopia av den här. Den öppnas så snart du är online igen.",
    savedPages: "Menyer sparade på den här enheten",
  },
  ja: {
    savedCopy: "オフラインです。この端末に{date}に保存されたコピーを表示しています。",
    offlineTitle: "オフラインです",
    notSaved: "このメニューはこの端末でまだ開かれていないため、保存されたコピーがありません。オンラインに戻るとすぐに開けます。",
    savedPages: "この端末に保存されたメニュー",
  },
  tr: {
    savedCopy: "Çevrimdışısınız. Bu, bu cihaza {date} tarihinde kaydedilen kopyadır.",
    offlineTitle: "Çevrimdışısınız",
    notSaved: "Bu menü bu cihazda henüz açılmadı, bu yüzden burada bir kopyası yok. Yeniden çevrimiçi olduğunuzda açılır.",
    savedPages: "Bu cihaza kaydedilen menüler",
  },
};

/** The offline words for a page in `lang`: its own, its base language's, or English. */
export function offlineLabels(lang: string): OfflineLabels {
  const labelLang = labelLanguage(lang, TABLES);
  return { ...TABLES[labelLang], lang: labelLang };
}
