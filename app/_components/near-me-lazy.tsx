"use client";
// The Near me button in a chunk of its own, loaded only by the pages that show it (the searches):
// every page shares one client bundle otherwise, and a menu page has no use for it.
import dynamic from "next/dynamic";

export const NearMeButton = dynamic(() => import("./near-me-button").then((m) => m.NearMeButton));
