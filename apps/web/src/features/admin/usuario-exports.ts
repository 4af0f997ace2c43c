export { FlagsEditor, flagsOf, UsuarioFormModal, usuarioFields } from './usuario-form.tsx';
export { UsuariosList } from './usuarios-pages.tsx';
