export { FlagsEditor, flagsOf, UsuariosList, usuarioFields } from './usuario-partes.tsx';
