import '../styles/global.css';
import { bootBrowser } from './boot-browser';

void bootBrowser();
