"use client";
// Menus that open offline: registers the service worker (public/sw.js), hands it this page to
// keep (with the files it loaded and the offline words in the menu's language), and, when the
// worker answered this page from its saved copy because the network did not, says so with the
// date the copy was saved. A client component rather than an inline script: the page's CSP
// allows only Next.js' own inline scripts (lib/pages/security-headers.ts).
import { useEffect, useState } from "react";
import { fill } from "@/lib/i18n/fill";
import type { OfflineLabels } from "@/lib/i18n/offline-labels";

/** What the page tells the worker (public/sw.js reads the same fields). */
export interface KeepMessage {
  type: "page";
  url: string;
  /** same-origin files the page loaded (scripts, styles, images) */
  assets: string[];
  /** the document's language, for dates on the offline page */
  pageLang: string;
  labels: OfflineLabels;
}

export function OfflineCopy({ lang, labels }: { lang: string; labels: OfflineLabels }) {
  const [savedAt, setSavedAt] = useState<string | null>(null);
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let cancelled = false;
    // Offline, register() resolves with the registration already there (no update check is made).
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
    void navigator.serviceWorker.ready.then((registration) => {
      const worker = navigator.serviceWorker.controller ?? registration.active;
      if (!worker || cancelled) return;
      const channel = new MessageChannel();
      channel.port1.onmessage = (event: MessageEvent<{ servedCopyOf?: unknown }>) => {
        if (!cancelled && typeof event.data?.servedCopyOf === "string") setSavedAt(event.data.servedCopyOf);
      };
      const assets = performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((url) => url.startsWith(`${location.origin}/`));
      const message: KeepMessage = { type: "page", url: location.href, assets, pageLang: lang, labels };
      worker.postMessage(message, [channel.port2]);
    });
    return () => {
      cancelled = true;
    };
  }, [lang, labels]);
  if (!savedAt) return null;
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeStyle: "short" }).format(new Date(savedAt));
  return (
    <div className="offline-note" role="status" lang={labels.lang}>
      <p className="wrap">{fill(labels.savedCopy, { date })}</p>
    </div>
  );
}
