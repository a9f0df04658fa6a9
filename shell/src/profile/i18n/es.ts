import type { ProfilePhotoCatalog } from './en';

export const es: ProfilePhotoCatalog = {
  profilePhoto: {
    title: 'Foto de perfil',
    hint: 'JPEG, PNG o WebP, hasta {{size}}. Se redimensiona y se eliminan los datos de la cámara.',
    current: 'Tu foto de perfil',
    none: 'Aún no hay foto: se muestran tus iniciales',
    altOf: 'Foto de perfil de {{name}}',
    upload: 'Subir foto',
    uploading: 'Subiendo…',
    uploaded: 'Tu foto se ha guardado.',
    remove: 'Quitar foto',
    removing: 'Quitando…',
    removed: 'Tu foto se ha quitado.',
    confirmTitle: '¿Quitar tu foto de perfil?',
    confirmBody: 'La foto se elimina y en su lugar se muestran tus iniciales.',
    keep: 'Conservar foto',
    tooLarge: 'Esta foto ocupa más de {{size}}. Elige una más pequeña.',
    wrongType: 'Elige una imagen JPEG, PNG o WebP.',
    unreadable: 'No se pudo leer esta imagen. Puede estar dañada; prueba con otra.',
  },
};
