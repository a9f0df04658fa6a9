import type { ProfilePhotoCatalog } from './en';

export const it: ProfilePhotoCatalog = {
  profilePhoto: {
    title: 'Foto del profilo',
    hint: 'JPEG, PNG o WebP, fino a {{size}}. Viene ridimensionata e ne vengono rimossi i dati della fotocamera.',
    current: 'La tua foto del profilo',
    none: 'Ancora nessuna foto: vengono mostrate le tue iniziali',
    altOf: 'Foto del profilo di {{name}}',
    upload: 'Carica foto',
    uploading: 'Caricamento…',
    uploaded: 'La tua foto è salvata.',
    remove: 'Rimuovi foto',
    removing: 'Rimozione…',
    removed: 'La tua foto è stata rimossa.',
    confirmTitle: 'Rimuovere la foto del profilo?',
    confirmBody: 'La foto viene eliminata e al suo posto vengono mostrate le tue iniziali.',
    keep: 'Tieni la foto',
    tooLarge: 'Questa foto supera {{size}}. Scegline una più piccola.',
    wrongType: 'Scegli un’immagine JPEG, PNG o WebP.',
    unreadable: 'Impossibile leggere questa immagine. Potrebbe essere danneggiata; provane un’altra.',
  },
};
