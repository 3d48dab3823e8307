export function Component() {
  return (
    <section className="px-4 py-10">
      <h1 className="text-3xl font-bold">Giọt Hồng</h1>
    </section>
  );
}
