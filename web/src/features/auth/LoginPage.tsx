export default function LoginPage() {
  return <main>Iniciar sesión</main>;
}
