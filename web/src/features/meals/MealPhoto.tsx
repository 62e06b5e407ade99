import { useEffect, useState } from 'react';
import { fillPath } from '@hearth/contract/endpoint';
import { getMealPhoto, type Meal } from '@hearth/contract/meals';
import { fetchFile } from '../../shared/api/client.ts';
import { mealMessages } from './texts.ts';

/** A blob: address of the meal's photo while it is shown; 'loading', or 'none' when it cannot be had (offline). */
function usePhotoAddress(meal: Meal, size: 'full' | 'card'): string | 'loading' | 'none' {
  const version = meal.photo?.version;
  const [shown, setShown] = useState<{ key: string; address: string | 'none' } | null>(null);
  const key = `${meal.id}/${version}/${size}`;
  useEffect(() => {
    if (!version) return undefined;
    const abort = new AbortController();
    let address: string | undefined;
    const path = `${fillPath(getMealPhoto.path, { id: meal.id, version })}?size=${size}`;
    void fetchFile(path, abort.signal).then((blob) => {
      if (abort.signal.aborted) return;
      address = blob ? URL.createObjectURL(blob) : undefined;
      setShown({ key, address: address ?? 'none' });
    });
    return () => {
      abort.abort();
      if (address) URL.revokeObjectURL(address);
    };
  }, [meal.id, version, size, key]);
  if (!version) return 'none';
  return shown?.key === key ? shown.address : 'loading';
}

/**
 * The meal's photo, or a quiet placeholder while it loads or when it cannot be had (offline): never a broken image.
 * Space is kept at the photo's own proportions, so nothing moves when it arrives.
 */
export function MealPhoto({ meal, size, className }: { meal: Meal; size: 'full' | 'card'; className: string }) {
  const address = usePhotoAddress(meal, size);
  if (!meal.photo) return null;
  const ratio = `${meal.photo.width} / ${meal.photo.height}`;
  if (address === 'loading' || address === 'none') {
    return (
      <div className={`${className} meal-photo-placeholder`} style={{ aspectRatio: ratio }} aria-busy={address === 'loading'}
        role="img" aria-label={address === 'none' ? mealMessages.photoUnavailable : mealMessages.photoLoading} />
    );
  }
  return <img className={className} src={address} alt={mealMessages.photoOf(meal.name)} style={{ aspectRatio: ratio }} />;
}
