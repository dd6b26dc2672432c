/** Context keys that `<conf-provider>` offers to the elements inside it. */
import { createContext } from '@lit/context';

/** The proxy's address, as written on the nearest `<conf-provider endpoint>`. */
export const endpointContext = createContext<string | undefined>(Symbol.for('conf-widgets/endpoint'));
