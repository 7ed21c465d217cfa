import { useEffect, useState } from 'react';
import type { WxtStorageItem } from 'wxt/utils/storage';

export function useStoredValue<T>(item: WxtStorageItem<T, Record<string, unknown>>): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  useEffect(() => {
    let active = true;
    void item.getValue().then((current) => {
      if (active) setValue(current);
    });
    const unwatch = item.watch((next) => setValue(next));
    return () => {
      active = false;
      unwatch();
    };
  }, [item]);
  return value;
}
