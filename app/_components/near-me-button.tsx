"use client";
// "Near me": the browser's location (navigator.geolocation) written into the search form's hidden
// near field as "latitude,longitude", then the form is sent. Without JavaScript it cannot work, so
// the stylesheet hides it then (.needs-js under @media (scripting: none)); the city is the place. The page's Permissions-Policy allows geolocation for this site only (geolocation=(self)).
import { useState } from "react";

export function NearMeButton({ inputId }: { inputId: string }) {
  const [status, setStatus] = useState("");
  function locate(button: HTMLButtonElement) {
    if (!("geolocation" in navigator)) {
      setStatus("This browser cannot tell its location: choose a city instead.");
      return;
    }
    setStatus("Finding your location…");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const input = document.getElementById(inputId) as HTMLInputElement | null;
        if (!input) return;
        // Four decimals: about 10 m, as precise as a table needs, and one cache entry per street.
        input.value = `${position.coords.latitude.toFixed(4)},${position.coords.longitude.toFixed(4)}`;
        setStatus("Location set.");
        button.form?.requestSubmit();
      },
      (error) => setStatus(error.code === error.PERMISSION_DENIED ? "Location not shared: choose a city instead." : "Location not available: choose a city instead."),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  }
  return (
    <div className="near-me needs-js">
      <button type="button" className="button-secondary" onClick={(e) => locate(e.currentTarget)}>
        <span aria-hidden="true">◎</span>
        {" "}Near me
      </button>
      <span className="hint" role="status">
        {status}
      </span>
    </div>
  );
}
