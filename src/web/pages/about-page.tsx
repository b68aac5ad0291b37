export default function AboutPage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold text-navy-900">about</h1>
    </section>
  );
}
