// Next.js' own 404 (a path the App Router cannot match). Public 404s are rendered from
// app/render/[v]/missing, a plain page, because Next.js sends the not-found boundary of a
// notFound() call as an empty error shell whose text exists only in the client payload.
import { NotFoundContent } from "@/app/_components/not-found-content";

export default function NotFound() {
  return <NotFoundContent />;
}
