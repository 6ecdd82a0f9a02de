// The floor app's frame: a bare document (bench/floor-app/next.config.mjs).
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
