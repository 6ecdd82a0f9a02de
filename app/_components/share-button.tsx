"use client";
// Share this menu: the system share sheet where the browser has one (Web Share API), else the
// link copied to the clipboard, said in a status line. Without JavaScript it cannot work, so the
// stylesheet hides it then (@media (scripting: none)).
import { useState } from "react";

export function ShareButton({ url, title, label, copied }: { url: string; title: string; label: string; copied: string }) {
  const [done, setDone] = useState(false);
  async function share() {
    const absolute = new URL(url, window.location.href).href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url: absolute });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(absolute);
      setDone(true);
      setTimeout(() => setDone(false), 4000);
    } catch {
      window.prompt(label, absolute);
    }
  }
  return (
    <>
      <button type="button" className="action needs-js" onClick={share}>
        <span aria-hidden="true">↗</span> {label}
      </button>
      <span className="share-status needs-js" role="status">
        {done ? copied : ""}
      </span>
    </>
  );
}
