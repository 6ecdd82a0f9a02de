"use client";
// The Directions button: Google Maps' cross-platform link in the HTML (it works everywhere, and
// without JavaScript); in the browser, Apple Maps on Apple devices and a geo: URI on Android, which
// opens the diner's own maps app (lib/pages/directions.ts builds all three).
import { useEffect, useState, type ReactNode } from "react";
import type { DirectionsLinks } from "@/lib/pages/directions";

export function directionsFor(links: DirectionsLinks, userAgent: string): string {
  if (/Android/i.test(userAgent)) return links.geo;
  if (/iPhone|iPad|iPod|Macintosh/i.test(userAgent)) return links.apple;
  return links.google;
}

export function DirectionsLink({ links, children }: { links: DirectionsLinks; children: ReactNode }) {
  const [href, setHref] = useState(links.google);
  useEffect(() => setHref(directionsFor(links, navigator.userAgent)), [links]);
  return (
    <a className="action" href={href} rel="noopener noreferrer" data-google={links.google}>
      {children}
    </a>
  );
}
