export default function HomePage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold text-navy-900">home</h1>
    </section>
  );
}
