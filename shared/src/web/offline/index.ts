export { isOnline, useOnline } from './useOnline.js';
export { DEVICE_COPY_PREFIX, MAX_DEVICE_COPY_CHARS, deviceStorage, pruneDeviceCopies, readDeviceCopy, saveDeviceCopy, type DeviceCopy } from './deviceCopy.js';
export { isUnreachable } from './networkFailure.js';
export { NeedsConnectionNote, SavedOnDeviceNote, formatSavedAt } from './OfflineNotes.js';
