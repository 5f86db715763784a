export default function InicioPage() {
  return <main>Inicio</main>;
}
