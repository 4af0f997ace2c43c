/** Whether an entity's name is feminine ('¡Empresa creada…!', '¡Usuario creado…!'): issue 14 §4, no '(a)'. */
const femenino = (entidad: string) =>
  /^(empresa|imagen|suscripci|tarifa|persona|autorizaci|especialidad|observaci|respuesta|aseguradora|plantilla)/i.test(
    entidad,
  );

/** Spanish texts of the administration screens (docs/spec-summary.md 002 §8; docs/spec-summary.md 001 §5 for registration). */
export const MSG_ADMIN = {
  // docs/spec-summary.md 002 §8, verbatim where the spec quotes them
  personaGuardada: '¡Registro completado exitosamente!',
  medicoCreado: '¡Médico creado exitosamente!',
  suscripcionCreada: '¡Suscripción creada exitosamente!',
  creado: (entidad: string) => `¡${entidad} ${femenino(entidad) ? 'creada' : 'creado'} exitosamente!`,
  // the person wizard (issue 14 §4): each step says what it did; 'Registro completado' only at the end
  wizardPersona: (actualizada: boolean) =>
    `¡Persona ${actualizada ? 'actualizada' : 'creada'} exitosamente! Paso 1 de 3 listo: ahora cree su usuario.`,
  wizardUsuario: (actualizado: boolean) =>
    `¡Usuario ${actualizado ? 'actualizado' : 'creado'} exitosamente! Paso 2 de 3 listo: si la persona es médico, regístrela en el paso 3; si no, finalice.`,
  wizardCompleto: (conMedico: boolean) =>
    `¡Registro completado exitosamente! Se registraron la persona, su usuario${conMedico ? ' y su registro como médico' : ''}.`,
  wizardIncompleto:
    'El registro de la persona no está completo: aún falta su usuario. ¿Desea salir de todos modos?',
  // validation
  soloLetras: (campo: string) => `${campo} admite solo letras y espacios.`,
  soloDigitos: (campo: string) => `${campo} admite solo dígitos.`,
  maximo: (campo: string, n: number) => `${campo} admite como máximo ${n} caracteres.`,
  documento10: 'El documento debe tener exactamente 10 dígitos.',
  cedulaInvalida: 'La cédula no es válida: revise el dígito verificador.',
  telefonoMax: 'El teléfono admite como máximo 10 dígitos.',
  fechaInvalida: (campo: string) => `${campo} debe ser una fecha válida.`,
  fechaFutura: 'La fecha de nacimiento no puede ser posterior a hoy.',
  fechasInvalidas: 'La fecha hasta debe ser igual o posterior a la fecha desde.',
  rucInvalido: 'El RUC no es válido: debe tener 13 dígitos y, si es de persona natural, una cédula válida.',
  rucDuplicado: (ruc: string) => `Ya existe una empresa registrada con el RUC ${ruc}.`,
  rucPrestadorDuplicado: (ruc: string) => `Ya existe un prestador registrado con el RUC ${ruc}.`,
  empresaNoAdministrada: 'Seleccione una empresa que usted administre.',
  refNoExiste: (campo: string) => `${campo}: el registro seleccionado no existe.`,
  sexoRequerido: 'Seleccione el género',
  clavesNoCoinciden: 'Las contraseñas no coinciden',
  terminosRequeridos: 'Debe aceptar los términos y condiciones para continuar.',
  // records
  perfilNoExiste: 'El perfil seleccionado no existe.',
  perfilNoCorrespondeEmpresa:
    'El perfil seleccionado no corresponde al tipo de su empresa: el personal de la aseguradora solo en la aseguradora, los prestadores solo en su empresa.',
  perfilSuperior: 'No puede asignar un perfil superior al suyo.',
  usuarioSuperior: 'No puede modificar ni eliminar un usuario con un perfil superior al suyo.',
  permisosNoConcedibles: (permisos: string) => `No puede conceder permisos que usted no tiene: ${permisos}.`,
  suscripcionNoPermitida: 'La suscripción seleccionada no pertenece a su empresa.',
  personaNoPermitida: 'La persona seleccionada no pertenece a su empresa.',
  referenciaNoExiste: (campo: string) => `${campo}: el registro seleccionado no existe.`,
  sinSuscripcionVigente: 'La empresa no tiene una suscripción VIGENTE.',
  // files
  imagenTipoInvalido: 'El archivo no es una imagen PNG o JPEG válida.',
  imagenMuyGrande: 'La imagen excede el tamaño máximo de 2 MB.',
  imagenRequerida: 'Seleccione la imagen (PNG o JPEG, máximo 2 MB).',
  // registration and renewal
  registroCompleto: '¡Registro completado exitosamente! Ya puede iniciar sesión con su correo y contraseña.',
  renovacionCompleta: (hasta: string) => `¡Suscripción renovada exitosamente! Vigente hasta el ${hasta}.`,
  // session administration
  sandboxVacio: 'No hay llamadas registradas del entorno de pruebas (sandbox).',
  sesionesVacio: 'No hay sesiones en el período seleccionado.',
} as const;
